import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generatedModuleUrl, validatorsModuleSource } from '../src/platform/http/precompile-validators.ts';

/** Writes functions/src/platform/http/validators.generated.ts from the declared schemas. */
const path = fileURLToPath(generatedModuleUrl);
const source = validatorsModuleSource();
let previous: string | undefined;
try {
  previous = readFileSync(path, 'utf8');
} catch {
  previous = undefined;
}
if (previous === source) console.log(`${path} is up to date`);
else {
  writeFileSync(path, source);
  console.log(`wrote ${path}`);
}
