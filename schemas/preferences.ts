import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/*
 * A user's preferences of each table (docs/contract.md, "Preferences"): its page size and the columns
 * it shows, kept on the server with the account, so that they follow the user to the next session and
 * to another browser. Each table of the screens has an id here; a table keeps what the user last chose.
 */

/** The tables whose page size or columns a user chooses. */
export const preferenceTables = [
  'members',
  'adminMembers',
  'adminPlots',
  'adminContributions',
  'adminPayouts',
  'adminCashouts',
  'adminUsers',
  'adminLogs',
  'adminActivity',
  'adminReports',
  'benefitRunRows',
  'benefitRunRefused',
  'benefitRunDuplicates',
  'memberHistory',
] as const;
export type PreferenceTable = (typeof preferenceTables)[number];

/** The most columns a table's preference names, and the longest column id. */
const MAX_COLUMNS = 40;
const columnId = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' } as const;

const tablePreferencesObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    /** Rows per page; the table offers its own sizes (one it no longer offers is read as its default). */
    pageSize: { type: 'integer', minimum: 1, maximum: 500 },
    /** The columns shown, in order; the others are hidden. */
    visibleColumns: { type: 'array', maxItems: MAX_COLUMNS, uniqueItems: true, items: columnId },
  },
} as const satisfies JSONSchema;

export const preferenceTableParameter = {
  type: 'string',
  maxLength: 40,
  pattern: '^[A-Za-z]+$',
  enum: preferenceTables,
} as const satisfies JSONSchema;

/** PUT /me/preferences/{table}: what the user chose for the table (a field left out keeps its value). */
export const tablePreferencesRequestSchema = {
  ...tablePreferencesObject,
  $id: 'request/table-preferences',
  minProperties: 1,
} as const satisfies JSONSchema;

/** GET /me/preferences (and PUT's answer): the user's preferences of each table that has some. */
export const preferencesAnswerSchema = {
  $id: 'answer/preferences',
  type: 'object',
  required: ['tables'],
  additionalProperties: false,
  properties: {
    tables: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(preferenceTables.map((table) => [table, tablePreferencesObject])) as {
        [Table in PreferenceTable]: typeof tablePreferencesObject;
      },
    },
  },
} as const satisfies JSONSchema;

export type TablePreferences = FromSchema<typeof tablePreferencesObject>;
export type PreferencesAnswer = FromSchema<typeof preferencesAnswerSchema>;
