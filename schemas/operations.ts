import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { adminPageSizes, instantSchema, MAX_PAGE_SIZE, pageNumberParameter } from './common.ts';

/*
 * The operations calls of the administrators (logs, mobile reports, mirror refresh) and the mobile
 * app's report. Logs and reports are paged by number (spec: page, 1-based): each answer costs a
 * bounded number of reads whatever the page (docs/decisions.md, "Logs and reports paged by number").
 */

/** The levels of the application's log, lowest first: a level shows the lines at or above it. */
export const logLevels = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof logLevels)[number];

const page = pageNumberParameter;
const pageSize = { type: 'string', enum: adminPageSizes } as const;

/**
 * The reports' page sizes, their own: each report carries its data (up to MAX_REPORT_BYTES), so a page
 * of the admin tables' 500 would pass Lambda's 6 MB answer; a page of 50 stays well under it
 * (docs/operations.md, "Limits of AWS").
 */
export const reportPageSizes = ['5', '10', '25', '50'] as const;
/** The most reports one page answers: what the Reports screen's "All" reads pages of. */
export const MAX_REPORT_PAGE_SIZE = Math.max(...reportPageSizes.map(Number));

export const logListQuerySchema = {
  $id: 'query/admin-logs',
  type: 'object',
  additionalProperties: false,
  properties: { level: { type: 'string', enum: logLevels }, page, pageSize },
} as const satisfies JSONSchema;

export const reportListQuerySchema = {
  $id: 'query/admin-reports',
  type: 'object',
  additionalProperties: false,
  properties: { page, pageSize: { type: 'string', enum: reportPageSizes } },
} as const satisfies JSONSchema;

/** Largest report body the mobile app may send, in bytes (its data is stored as sent). */
export const MAX_REPORT_BYTES = 64 * 1024;

/**
 * The longest message the application's log keeps of a line (its function's log in CloudWatch has it
 * whole): a line may quote an error's message, and a page of 500 lines must stay within Lambda's 6 MB
 * answer (docs/operations.md, "Limits of AWS").
 */
export const MAX_LOG_MESSAGE_LENGTH = 2000;

const deviceText = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;

/**
 * POST /reports: what the mobile app says about itself, and its report (any JSON object). The user
 * and the environment come from the session and the server, never from the body.
 */
export const reportRequestSchema = {
  $id: 'request/report',
  type: 'object',
  required: ['deviceManufacturer', 'deviceModel', 'version', 'appIdentifier', 'data'],
  additionalProperties: false,
  properties: {
    deviceManufacturer: deviceText,
    deviceModel: deviceText,
    version: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z.+_-]+$' },
    appIdentifier: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[0-9A-Za-z._-]+$' },
    data: { type: 'object' },
  },
} as const satisfies JSONSchema;

/** The states of the mirror refresh (spec 3, Mirror job), and failed when its worker gave up. */
export const mirrorStatuses = ['NOT_EXECUTED', 'PROCESSING', 'DONE', 'FAILED'] as const;
export type MirrorStatus = (typeof mirrorStatuses)[number];

/**
 * A message of the mirror queue: one step of a refresh. The worker works for as long as its Lambda may,
 * then sends the next step with where it stopped (the scan's key), so no refresh is bounded by 15 min.
 */
export const mirrorMessageSchema = {
  $id: 'queue/mirror-message',
  type: 'object',
  required: ['jobId', 'step', 'phase'],
  additionalProperties: false,
  properties: {
    jobId: { type: 'string', minLength: 1, maxLength: 64 },
    step: { type: 'integer', minimum: 0 },
    phase: { type: 'string', enum: ['clear', 'copy'] },
    /** The last key of the scan, when a step stopped before its end. */
    startKey: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const satisfies JSONSchema;

/** A line of the application's log (spec 3, Log). */
const logLineObject = {
  type: 'object',
  required: ['timestamp', 'level', 'message'],
  additionalProperties: false,
  properties: {
    timestamp: instantSchema,
    level: { type: 'string', enum: logLevels },
    message: { type: 'string', maxLength: MAX_LOG_MESSAGE_LENGTH },
  },
} as const satisfies JSONSchema;
export type LogLine = FromSchema<typeof logLineObject>;

/** GET /admin/logs: one page of the lines at or above the level, newest first, and how many there are. */
export const logListAnswerSchema = {
  $id: 'answer/admin-logs',
  type: 'object',
  required: ['logs', 'count'],
  additionalProperties: false,
  properties: {
    logs: { type: 'array', maxItems: MAX_PAGE_SIZE, items: logLineObject },
    count: { type: 'integer', minimum: 0 },
  },
} as const satisfies JSONSchema;
export type LogListAnswer = FromSchema<typeof logListAnswerSchema>;

/** A report the mobile app sent (spec 3, Report), as the API answers it: its data as sent. */
const mobileReportObject = {
  type: 'object',
  required: [
    '_id',
    'receivedAt',
    'user',
    'env',
    'deviceManufacturer',
    'deviceModel',
    'version',
    'appIdentifier',
    'data',
  ],
  additionalProperties: false,
  properties: {
    _id: { type: 'string', minLength: 1 },
    receivedAt: instantSchema,
    user: { type: 'string' },
    env: { type: 'string' },
    deviceManufacturer: { type: 'string' },
    deviceModel: { type: 'string' },
    version: { type: 'string' },
    appIdentifier: { type: 'string' },
    data: { type: 'object' },
  },
} as const satisfies JSONSchema;
export type MobileReport = FromSchema<typeof mobileReportObject>;

/** GET /admin/reports: one page of the reports, newest first, and how many there are. */
export const reportListAnswerSchema = {
  $id: 'answer/admin-reports',
  type: 'object',
  required: ['reports', 'count'],
  additionalProperties: false,
  properties: {
    reports: { type: 'array', maxItems: MAX_REPORT_PAGE_SIZE, items: mobileReportObject },
    count: { type: 'integer', minimum: 0 },
  },
} as const satisfies JSONSchema;
export type ReportListAnswer = FromSchema<typeof reportListAnswerSchema>;

/** POST /reports: the stored report's number, as GET /admin/reports names it. */
export const reportCreatedAnswerSchema = {
  $id: 'answer/report-created',
  type: 'object',
  required: ['_id'],
  additionalProperties: false,
  properties: { _id: { type: 'string', minLength: 1 } },
} as const satisfies JSONSchema;
export type ReportCreatedAnswer = FromSchema<typeof reportCreatedAnswerSchema>;

/** GET and POST /admin/mirror: the mirror refresh (spec 3, Mirror job). */
export const mirrorJobAnswerSchema = {
  $id: 'answer/mirror-job',
  type: 'object',
  required: ['status', 'lastExecutionDate', 'startedAt'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: mirrorStatuses },
    /** When the last refresh ended; null before the first one. */
    lastExecutionDate: { type: ['string', 'null'], format: 'date-time' },
    /** When the refresh under way started; null when none is. */
    startedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const satisfies JSONSchema;
export type MirrorJob = FromSchema<typeof mirrorJobAnswerSchema>;
