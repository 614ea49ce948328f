import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateJwtSecret } from './jwt-secret.ts';

describe('loadOrCreateJwtSecret', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'jwt-secret-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('should create a long random secret readable by its owner only', async () => {
    const secret = await loadOrCreateJwtSecret(join(folder, 'jwt-secret'));
    expect(secret.length).toBeGreaterThanOrEqual(64);
    expect((await stat(join(folder, 'jwt-secret'))).mode & 0o777).toBe(0o600);
  });

  it('should give the same secret on the next start', async () => {
    const file = join(folder, 'jwt-secret');
    expect(await loadOrCreateJwtSecret(file)).toBe(await loadOrCreateJwtSecret(file));
  });

  it('should replace a secret too short to be safe', async () => {
    const file = join(folder, 'jwt-secret');
    await writeFile(file, 'short\n');
    expect(await loadOrCreateJwtSecret(file)).not.toBe('short');
  });
});
