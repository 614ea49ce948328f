import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSizes, pageFiles, totalSizes, type ViteManifest } from './page-assets.ts';

// The shape Vite writes: shared chunks are keyed "_name-hash.js", modules by their source path.
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    imports: ['_vendor-1.js'],
    css: ['assets/index-1.css'],
  },
  '_vendor-1.js': { file: 'assets/vendor-1.js', css: ['assets/vendor-1.css'] },
  '_table-1.js': { file: 'assets/table-1.js', imports: ['_vendor-1.js'], css: ['assets/table-1.css'] },
  'src/pages/login/index.tsx': { file: 'assets/login-1.js', imports: ['_vendor-1.js'] },
  'src/pages/members/index.tsx': {
    file: 'assets/members-1.js',
    imports: ['_table-1.js', '_vendor-1.js'],
    css: ['assets/members-1.css'],
  },
  'src/pages/plot/index.tsx': { file: 'assets/plot-1.js', imports: ['_map-1.js'] },
  '_map-1.js': { file: 'assets/map-1.js' },
};

describe('pageFiles', () => {
  it('should count the entry and its static imports once', () => {
    expect(pageFiles(manifest, [])).toEqual({
      scripts: ['assets/index-1.js', 'assets/vendor-1.js'],
      stylesheets: ['assets/index-1.css', 'assets/vendor-1.css'],
      bundled: [],
    });
  });

  it("should add each lazy module's chunk with its imports and CSS, and nothing else", () => {
    const files = pageFiles(manifest, ['src/pages/members/index.tsx']);
    expect(files.scripts).toEqual([
      'assets/index-1.js',
      'assets/vendor-1.js',
      'assets/members-1.js',
      'assets/table-1.js',
    ]);
    expect(files.stylesheets).toEqual([
      'assets/index-1.css',
      'assets/vendor-1.css',
      'assets/members-1.css',
      'assets/table-1.css',
    ]);
    expect(files.scripts).not.toContain('assets/map-1.js');
  });

  it('should tell which lazy modules have no chunk of their own', () => {
    expect(pageFiles(manifest, ['src/i18n/en.json']).bundled).toEqual(['src/i18n/en.json']);
  });

  it('should refuse a manifest whose chunks point at a missing one', () => {
    expect(() => pageFiles({ 'index.html': { file: 'a.js', imports: ['_gone.js'] } }, [])).toThrow(
      '_gone.js',
    );
  });
});

describe('fileSizes', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'page-assets-'));
    await writeFile(join(dist, 'app.js'), 'console.log("crop protection");\n'.repeat(400));
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('should give the raw size and the compressed ones', () => {
    const sizes = fileSizes(dist, 'app.js');
    expect(sizes.raw).toBe(32 * 400);
    expect(sizes.gzip).toBeGreaterThan(0);
    expect(sizes.gzip).toBeLessThan(sizes.raw / 10);
    expect(sizes.brotli).toBeGreaterThan(0);
    expect(sizes.brotli).toBeLessThan(sizes.raw / 10);
  });

  it('should add sizes up', () => {
    expect(
      totalSizes([
        { raw: 10, gzip: 4, brotli: 3 },
        { raw: 5, gzip: 2, brotli: 1 },
      ]),
    ).toEqual({ raw: 15, gzip: 6, brotli: 4 });
  });
});
