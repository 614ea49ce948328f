import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveStaticFile } from './static-files.ts';

describe('resolveStaticFile', () => {
  let parent: string;
  let root: string;
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'static-files-'));
    root = join(parent, 'dist');
    await mkdir(join(root, 'assets'), { recursive: true });
    await writeFile(join(root, 'index.html'), '<html></html>');
    await writeFile(join(root, 'assets', 'app-1a2b.js'), 'export {}');
    await writeFile(join(root, '.env'), 'SECRET=1');
    await writeFile(join(parent, 'secret.txt'), 'outside');
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it('should serve a file with its content type and a long cache for hashed assets', async () => {
    expect(await resolveStaticFile(root, '/assets/app-1a2b.js')).toMatchObject({
      found: true,
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });

  it('should answer index.html for the root and for routes of the SPA', async () => {
    for (const path of ['/', '/Members', '/Member/42/Field', '/register/abc']) {
      expect(await resolveStaticFile(root, path)).toMatchObject({
        found: true,
        file: join(root, 'index.html'),
        cacheControl: 'no-cache',
      });
    }
  });

  it('should answer index.html for screens whose last segment holds a dot or an @', async () => {
    for (const path of ['/UpdateUser/agent%40example.org', '/UpdateUser/agent@example.org', '/Member/m.1']) {
      expect(await resolveStaticFile(root, path)).toMatchObject({
        found: true,
        file: join(root, 'index.html'),
      });
    }
  });

  it('should answer 404 for a missing file with an extension', async () => {
    expect(await resolveStaticFile(root, '/assets/missing.js')).toEqual({ found: false, status: 404 });
    expect(await resolveStaticFile(root, '/missing.ico')).toEqual({ found: false, status: 404 });
  });

  it('should never serve a file outside the root', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '..%2Fsecret.txt',
    ]) {
      const result = await resolveStaticFile(root, path);
      expect(result.found && result.file).not.toBe(join(parent, 'secret.txt'));
    }
  });

  it('should not serve hidden files', async () => {
    expect(await resolveStaticFile(root, '/.env')).toEqual({ found: false, status: 404 });
  });

  it('should refuse malformed encodings and NUL bytes', async () => {
    expect(await resolveStaticFile(root, '/%E0%A4%A')).toEqual({ found: false, status: 400 });
    expect(await resolveStaticFile(root, '/index.html%00.js')).toEqual({ found: false, status: 400 });
  });
});
