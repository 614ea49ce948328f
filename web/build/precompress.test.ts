import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

describe('precompressDirectory', () => {
  let dist: string;
  const script = Buffer.from('export const plots = [];\n'.repeat(300));
  // Random bytes do not compress: their copies would be larger than the file.
  const random = randomBytes(3000);

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'precompress-'));
    await mkdir(join(dist, 'assets'));
    await mkdir(join(dist, '.vite'));
    await writeFile(join(dist, 'assets', 'index-1.js'), script);
    await writeFile(join(dist, 'assets', 'index-1.css'), '.a{}');
    await writeFile(join(dist, 'assets', 'logo-1.png'), Buffer.alloc(5000, 1));
    await writeFile(join(dist, 'assets', 'noise-1.txt'), random);
    await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify({ a: 'b'.repeat(5000) }));
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('should write brotli and gzip copies that inflate back to the file', async () => {
    const written = await precompressDirectory(dist);
    const file = join(dist, 'assets', 'index-1.js');
    expect(written.map(({ file }) => file)).toContain(file);
    const brotli = await readFile(`${file}.br`);
    const gzipped = await readFile(`${file}.gz`);
    expect(brotliDecompressSync(brotli).equals(script)).toBe(true);
    expect(gunzipSync(gzipped).equals(script)).toBe(true);
    expect(brotli.length).toBeLessThan(script.length / 10);
  });

  it('should leave small files, images and hidden folders alone', () => {
    for (const file of ['assets/index-1.css', 'assets/logo-1.png', '.vite/manifest.json']) {
      expect(existsSync(join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dist, `${file}.gz`)), file).toBe(false);
    }
  });

  it('should write no copy that is not smaller than its file', () => {
    const noise = join(dist, 'assets', 'noise-1.txt');
    expect(existsSync(`${noise}.gz`)).toBe(false);
    expect(existsSync(`${noise}.br`)).toBe(false);
  });
});
