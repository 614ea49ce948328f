import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFolderUrl, generatedSources, generatedSuffix } from './precompile-validators.ts';

/**
 * Writes functions/src/generated/validators/: one module per /api resource and per queue, from
 * the route table and the queue definitions, and removes the generated modules nothing declares.
 */
const folder = fileURLToPath(generatedFolderUrl);
mkdirSync(folder, { recursive: true });
const sources = generatedSources();
const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};
for (const [file, source] of sources) {
  const path = join(folder, file);
  if (read(path) === source) continue;
  writeFileSync(path, source);
  console.log(`wrote ${path}`);
}
for (const file of readdirSync(folder)) {
  if (file.endsWith(generatedSuffix) && !sources.has(file)) {
    rmSync(join(folder, file));
    console.log(`removed ${join(folder, file)}`);
  }
}
console.log(`${folder}: ${sources.size} modules up to date`);
