import document from '../../../../docs/openapi.json' with { type: 'json' };
import { ok } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';

/**
 * GET /api/openapi.json: the committed document, bundled into this function alone (no other Lambda
 * carries it); `npm run generate:openapi` writes it and a test keeps it equal to the route table.
 */
export const handler = httpHandler('openapi', { 'GET /openapi.json': async () => ok(document) });
