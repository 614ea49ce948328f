import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { errorCodes } from './error-catalogue.ts';

/*
 * What every route answers besides its own success: the error answer. A route's success answer is
 * declared beside its request schemas in the route table (functions/src/http/routes.ts, `response`),
 * its schema in the resource's file of schemas/ with `$id: 'answer/<name>'` and its TypeScript type
 * derived by FromSchema, so that the API, its tests, the OpenAPI document and the SPA read one contract.
 */

/** Every 4xx and 5xx of the API: a code of the catalogue, its message and the request's id. */
export const errorAnswerSchema = {
  $id: 'answer/error',
  type: 'object',
  required: ['code', 'message'],
  additionalProperties: false,
  properties: {
    code: { type: 'string', enum: errorCodes },
    message: { type: 'string' },
    /** The request's id, to quote to an administrator: the logs carry it. */
    requestId: { type: 'string' },
    /** Only where the code says more: a validation's problems, an import's report. */
    details: {},
  },
} as const satisfies JSONSchema;
export type ErrorAnswer = FromSchema<typeof errorAnswerSchema>;

/** GET /api/openapi.json: the OpenAPI 3.1 document of the API (docs/openapi.json). */
export const openApiAnswerSchema = {
  $id: 'answer/openapi',
  type: 'object',
  required: ['openapi', 'info', 'paths', 'components'],
  properties: {
    openapi: { const: '3.1.0' },
    info: { type: 'object' },
    paths: { type: 'object' },
    components: { type: 'object' },
  },
} as const satisfies JSONSchema;
