/**
 * JSON Schemas of the API: request bodies, query strings, import files, enabler configs and queue
 * messages. One source for ajv (functions), the form rules (web) and the Data page's documentation.
 */
export type { JSONSchema, FromSchema } from 'json-schema-to-ts';
export * from './common.ts';
export * from './queue-messages.ts';
export * from './accounts.ts';
export * from './enablers.ts';
export * from './enabler-config-rules.ts';
export * from './members.ts';
export * from './member-list-query.ts';
export * from './admin-records.ts';
export * from './admin-list-query.ts';
export * from './dashboard.ts';
export * from './operations.ts';
export * from './data-files.ts';
export * from './data-jobs.ts';
export * from './app-config.ts';
export * from './api-answers.ts';
export * from './benefit-runs.ts';
export * from './benefit-run-query.ts';
export * from './activity.ts';
export * from './preferences.ts';
