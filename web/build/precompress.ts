import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats gain from compression; images and fonts are compressed already. */
const compressibleExtensions = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.map',
  '.txt',
  '.xml',
]);

/** CloudFront leaves smaller files as they are; so does the local server. */
export const minCompressedBytes = 1000;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressedFile {
  file: string;
  raw: number;
  brotli?: number;
  gzip?: number;
}

const filesUnder = async (directory: string): Promise<string[]> => {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // Hidden entries (.vite/manifest.json) are no part of the site.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const path = join(directory, entry.name);
        return entry.isDirectory() ? filesUnder(path) : Promise.resolve(entry.isFile() ? [path] : []);
      }),
  );
  return nested.flat();
};

/**
 * Writes name.br (brotli, best quality) and name.gz (gzip, level 9) beside each text file of at least
 * minCompressedBytes, for a server that sends them as they are; a copy no smaller than its file is
 * not written.
 */
export const precompressDirectory = async (directory: string): Promise<PrecompressedFile[]> => {
  const files = (await filesUnder(directory)).filter((file) =>
    compressibleExtensions.has(extname(file).toLowerCase()),
  );
  const written = await Promise.all(
    files.map(async (file): Promise<PrecompressedFile | undefined> => {
      if ((await stat(file)).size < minCompressedBytes) return undefined;
      const content = await readFile(file);
      const [brotli, gzipped] = await Promise.all([
        brotliAsync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      const result: PrecompressedFile = { file, raw: content.length };
      if (brotli.length < content.length) {
        await writeFile(`${file}.br`, brotli);
        result.brotli = brotli.length;
      }
      if (gzipped.length < content.length) {
        await writeFile(`${file}.gz`, gzipped);
        result.gzip = gzipped.length;
      }
      return result;
    }),
  );
  return written.filter((file) => file !== undefined);
};

/** Pre-compresses the build's text files once they are written (the local server sends the copies). */
export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'cpbo:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
};
