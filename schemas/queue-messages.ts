import type { JSONSchema } from 'json-schema-to-ts';
import { adminLists } from './admin-list-query.ts';

/** A message of the mail queue: one mail, ready to deliver. */
export const mailMessageSchema = {
  $id: 'queue/mail-message',
  type: 'object',
  required: ['to', 'subject', 'text'],
  additionalProperties: false,
  properties: {
    to: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'string', format: 'email' } },
    subject: { type: 'string', minLength: 1, maxLength: 200 },
    text: { type: 'string', minLength: 1, maxLength: 20000 },
  },
} as const satisfies JSONSchema;

/** A message of the export and import queues: the job to run (its item holds the rest). */
export const dataJobMessageSchema = {
  $id: 'queue/data-job-message',
  type: 'object',
  required: ['jobId'],
  additionalProperties: false,
  properties: {
    jobId: { type: 'string', pattern: '^[0-9a-f-]{36}$' },
  },
} as const satisfies JSONSchema;

/** A message of a job in steps: the job, and the step it asks for. */
const steppedJobMessage = <const Id extends string>(id: Id) =>
  ({
    $id: id,
    type: 'object',
    required: ['jobId', 'step'],
    additionalProperties: false,
    properties: {
      jobId: { type: 'string', pattern: '^[0-9a-f-]{36}$' },
      step: { type: 'integer', minimum: 0, maximum: 100000 },
    },
  }) as const satisfies JSONSchema;

/**
 * A message of the rebuild queue: one step of an enabler's aggregates rebuild. A step reads records
 * for as long as its Lambda may, saves where it stopped (the job's item names the checkpoint) and
 * sends the next step, so no rebuild is bounded by 15 minutes.
 */
export const rebuildMessageSchema = steppedJobMessage('queue/rebuild-message');

/**
 * A message of the benefit queue: one step of a benefit run, its preview or a part of its payment. A run
 * counts its steps over its whole life, so a message delivered again after the run moved on does nothing.
 */
export const benefitRunMessageSchema = steppedJobMessage('queue/benefit-run-message');

/**
 * A message of the member deletion queue: one step of deleting the records of a member removed with
 * more than one transaction holds (its job's item holds the member and the progress).
 */
export const memberDeletionMessageSchema = steppedJobMessage('queue/member-deletion-message');

/** The lists kept in snapshots for each enabler: its member list and its administrators' four tables. */
export const snapshotLists = ['members', ...adminLists] as const;
export type SnapshotList = (typeof snapshotLists)[number];

/**
 * A message of the snapshots queue: refresh one list's snapshot of one enabler. The schedule sends one
 * per enabler and list, so that no run has every enabler's rebuilds to do in one Lambda's time.
 */
export const snapshotRefreshMessageSchema = {
  $id: 'queue/snapshot-refresh-message',
  type: 'object',
  required: ['enablerId', 'list'],
  additionalProperties: false,
  properties: {
    enablerId: { type: 'string', pattern: '^[0-9a-f-]{36}$' },
    list: { type: 'string', enum: snapshotLists },
  },
} as const satisfies JSONSchema;
