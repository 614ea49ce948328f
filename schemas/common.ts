import type { JSONSchema } from 'json-schema-to-ts';

/** Path parameter values: non-empty, no slash. */
export const idSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 254,
  pattern: '^[^/]+$',
} as const satisfies JSONSchema;

/** Query of a paged list: page (1-based) and pageSize, as query-string strings. */
export const pageQuerySchema = {
  type: 'object',
  properties: {
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
    pageSize: { type: 'string', pattern: '^[1-9][0-9]{0,3}$' },
  },
} as const satisfies JSONSchema;
