import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorsDocument, errorsDocumentUrl } from '../errors-document.ts';

/** Writes docs/errors.md from the error catalogue, its descriptions and the translation files. */
const path = fileURLToPath(errorsDocumentUrl);
const document = await errorsDocument();
let previous: string | undefined;
try {
  previous = readFileSync(path, 'utf8');
} catch {
  previous = undefined;
}
if (previous === document) console.log(`${path} is up to date`);
else {
  writeFileSync(path, document);
  console.log(`wrote ${path}`);
}
