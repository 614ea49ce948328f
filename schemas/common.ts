import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * Path parameters, checked once decoded: a record's id (UUIDs here; ids brought by an import, such as
 * 24 hexadecimal characters, fit too) and a user's e-mail address (users are keyed by it).
 */
export const recordIdParameter = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
} as const satisfies JSONSchema;

export const emailParameter = {
  type: 'string',
  minLength: 3,
  maxLength: 254,
  pattern: '^[^\\s/@]+@[^\\s/@]+$',
} as const satisfies JSONSchema;

/** The schema of a route's path parameters: each one named, required, and nothing else. */
export const pathParameters = <Names extends string>(properties: Record<Names, JSONSchema>) =>
  ({
    type: 'object',
    required: Object.keys(properties),
    additionalProperties: false,
    properties,
  }) satisfies JSONSchema;

/** A paged list's page number (1-based), as a query string gives it: at most 6 digits. */
export const pageNumberParameter = {
  type: 'string',
  maxLength: 6,
  pattern: '^[1-9][0-9]{0,5}$',
} as const satisfies JSONSchema;

/** A day of the calendar in a query string, 'YYYY-MM-DD' (the format refuses 2026-02-30). */
export const dayParameter = {
  type: 'string',
  format: 'date',
  maxLength: 10,
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
} as const satisfies JSONSchema;

/**
 * A stepped job's states (a rebuild, a member's deletion): QUEUED → RUNNING (one step after another)
 * → DONE; FAILED: its last delivery failed (dead-lettered).
 */
export const steppedJobStates = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;

/**
 * Page sizes of the administrator's tables (spec: 5, 10, 25 and All). "All" follows the pages of the
 * largest size, one request after another, so no single answer grows with the table.
 */
export const adminPageSizes = ['5', '10', '25', '500'] as const;

/** The most rows one page of any list answers: the largest page size a list query takes. */
export const MAX_PAGE_SIZE = Math.max(...adminPageSizes.map(Number));
/** The largest page number a list query takes (pageNumberParameter's 6 digits). */
export const MAX_PAGE_NUMBER = 999_999;

/* Building blocks of the request schemas (members.ts, admin-records.ts). */
export const text = (maxLength: number) =>
  ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;
export const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
/** A decimal amount of the enabler's currency; the server also refuses more than two decimals. */
export const amountSchema = {
  type: 'number',
  minimum: 0,
  maximum: 1_000_000_000,
} as const satisfies JSONSchema;
export const positiveAmountSchema = { ...amountSchema, exclusiveMinimum: 0 } as const satisfies JSONSchema;
export const latitudeSchema = { type: 'number', minimum: -90, maximum: 90 } as const;
export const longitudeSchema = { type: 'number', minimum: -180, maximum: 180 } as const;
/** Unix seconds, from 1970 to the year 3000. */
export const unixSecondsSchema = { type: 'integer', minimum: 0, maximum: 32503680000 } as const;

/* Building blocks of the answer schemas: dates as the API sends them. */
/** A calendar day, 'YYYY-MM-DD' (coverage, onboarding, payout and assessment dates, dashboard periods). */
export const isoDaySchema = { type: 'string', format: 'date' } as const satisfies JSONSchema;
/** An instant, ISO 8601 with its time zone (creation dates, contribution and cashout dates, log lines). */
export const instantSchema = { type: 'string', format: 'date-time' } as const satisfies JSONSchema;
/** A decimal amount of the enabler's currency, as every answer sends money (never cents). */
export const answerAmountSchema = { type: 'number' } as const satisfies JSONSchema;
/** The answer of a creation: the new record's id. */
export const createdIdAnswerSchema = {
  $id: 'answer/created-id',
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1 } },
} as const satisfies JSONSchema;
export type CreatedIdAnswer = FromSchema<typeof createdIdAnswerSchema>;

/** The answer of a call that reads a whole list (no paging): its items, each as `items` says. */
export const listAnswerSchema = <const Id extends string, const Item extends JSONSchema>(
  $id: Id,
  items: Item,
): { readonly $id: Id; readonly type: 'array'; readonly items: Item } => ({ $id, type: 'array', items });
