import { apiFetch } from './api-client.ts';

/** The parts of the OpenAPI document the SPA reads itself; the reference renders the rest. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, unknown>;
}

/** GET /api/openapi.json: anonymous, so no token is sent; the page shows its own error. */
export const getOpenApiDocument = (): Promise<OpenApiDocument> =>
  apiFetch<OpenApiDocument>('/openapi.json', { auth: 'none', errors: 'caller' });
