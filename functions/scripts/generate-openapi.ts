import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../src/http/openapi/openapi-document.ts';
import { openApiPath, openApiText } from '../src/http/openapi/openapi-text.ts';

/** Writes docs/openapi.json from the route table and the schemas (a test fails when it is stale). */
writeFileSync(openApiPath, await openApiText(openApiDocument()));
console.log(`wrote ${openApiPath}`);
