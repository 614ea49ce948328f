import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { OpenApiDocument } from './openapi-document.ts';

/** Where the document is committed. */
export const openApiPath = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));

/** The committed file's text: the document as prettier writes it with the project's settings. */
export const openApiText = async (document: OpenApiDocument): Promise<string> =>
  format(JSON.stringify(document), { ...(await resolveConfig(openApiPath)), filepath: openApiPath });
