import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  fileSchemas,
  generatedFileModuleUrl,
  generatedModuleUrl,
  validatorsModuleSource,
} from '../src/platform/http/precompile-validators.ts';

/**
 * Writes functions/src/platform/http/validators.generated.ts from the declared schemas, and
 * file-validators.generated.ts from the import files' schemas.
 */
const write = (url: URL, source: string) => {
  const path = fileURLToPath(url);
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
};
write(generatedModuleUrl, validatorsModuleSource());
write(generatedFileModuleUrl, validatorsModuleSource(fileSchemas()));
