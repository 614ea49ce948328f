import type { JSONSchema } from 'json-schema-to-ts';

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
