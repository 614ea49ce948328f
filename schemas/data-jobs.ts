import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { errorCodes } from './error-catalogue.ts';
import { instantSchema } from './common.ts';

/*
 * The answers of the Data page's calls: each export or import is a job run by a queue worker, and the
 * page polls its state (docs/contract.md). A job's file key never travels.
 */

/** A file of up to 5 MB travels in the import call (Lambda takes 6 MB); a larger one is uploaded to S3 first. */
export const MAX_INLINE_IMPORT_BYTES = 5 * 1024 * 1024;

export const dataJobKinds = [
  'EXPORT_MEMBERS',
  'EXPORT_ENABLERS',
  'EXPORT_ALL',
  'IMPORT_ALL',
  'IMPORT_ONBOARD',
] as const;
/** QUEUED → RUNNING → DONE; INVALID: the file failed its schema (nothing written); FAILED: dead-lettered. */
export const dataJobStates = ['QUEUED', 'RUNNING', 'DONE', 'INVALID', 'FAILED'] as const;

/**
 * The longest path or message a job keeps of one error: they may quote the file (a property's name),
 * and the job's item must stay within DynamoDB's 400 KB (docs/operations.md, "Limits of AWS").
 */
export const MAX_JOB_ERROR_TEXT = 300;

/** One problem of an import's file: where in it (a JSON path, '' for the whole file) and its code. */
const jobErrorObject = {
  type: 'object',
  required: ['where', 'code', 'message'],
  additionalProperties: false,
  properties: {
    where: { type: 'string', maxLength: MAX_JOB_ERROR_TEXT },
    code: { type: 'string', enum: errorCodes },
    message: { type: 'string', maxLength: MAX_JOB_ERROR_TEXT },
  },
} as const satisfies JSONSchema;

/** A job keeps its first errors (all are counted): a file with many problems keeps a small job. */
export const MAX_JOB_ERRORS = 100;

/** A job as the Data page polls it: its state, progress, first errors and their count. */
const dataJobObject = {
  type: 'object',
  required: ['id', 'kind', 'state', 'done', 'total', 'errors', 'errorCount', 'createdAt', 'updatedAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1 },
    kind: { type: 'string', enum: dataJobKinds },
    state: { type: 'string', enum: dataJobStates },
    done: { type: 'integer', minimum: 0 },
    total: { type: 'integer', minimum: 0 },
    errors: { type: 'array', maxItems: MAX_JOB_ERRORS, items: jobErrorObject },
    errorCount: { type: 'integer', minimum: 0 },
    createdAt: instantSchema,
    updatedAt: instantSchema,
    /** Once an export is DONE: a short-lived link that downloads the file, and the file's name. */
    url: { type: 'string', format: 'uri' },
    fileName: { type: 'string', minLength: 1 },
  },
} as const satisfies JSONSchema;

/** Every export and import call, and their status polls: the job. */
export const dataJobAnswerSchema = {
  $id: 'answer/data-job',
  type: 'object',
  required: ['job'],
  additionalProperties: false,
  properties: { job: dataJobObject },
} as const satisfies JSONSchema;

/** POST /imports/uploads: the upload's name (given to the import afterwards) and where to PUT the file. */
export const importUploadAnswerSchema = {
  $id: 'answer/import-upload',
  type: 'object',
  required: ['upload', 'url'],
  additionalProperties: false,
  properties: { upload: { type: 'string', minLength: 1 }, url: { type: 'string', format: 'uri' } },
} as const satisfies JSONSchema;

export type DataJobAnswer = FromSchema<typeof dataJobAnswerSchema>;
export type DataJob = FromSchema<typeof dataJobObject>;
export type JobError = FromSchema<typeof jobErrorObject>;
export type ImportUploadAnswer = FromSchema<typeof importUploadAnswerSchema>;
