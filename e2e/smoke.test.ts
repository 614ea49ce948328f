import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { describe, expect, test } from './support/test.ts';

const repositoryRoot = fileURLToPath(new URL('../', import.meta.url));

describe('npm run smoke', () => {
  test('should pass against the local runtime, every check but the WAF’s (the runtime has none)', async () => {
    // Its lines, whatever its exit code: a failed check says what went wrong.
    const stdout = await new Promise<string>((resolve) =>
      execFile(
        'npm',
        [
          'run',
          '--silent',
          'smoke',
          '--',
          '--url',
          inject('appUrl'),
          '--api-url',
          inject('apiOriginUrl'),
          '--local',
        ],
        {
          cwd: repositoryRoot,
          env: {
            ...process.env,
            SMOKE_ADMIN_EMAIL: defaultLogins.adminEmail,
            SMOKE_ADMIN_PASSWORD: defaultLogins.adminPassword,
          },
        },
        (_, out, errors) => resolve(`${out}${errors}`),
      ),
    );
    console.log(stdout);
    expect(stdout.split('\n').filter((line) => line.startsWith('✓'))).toEqual([
      expect.stringContaining('the OpenAPI document, with every route'),
      expect.stringContaining('the security headers on the application and on the API'),
      expect.stringContaining('reads and writes in a throwaway enabler, then removes it'),
      expect.stringContaining('a direct call to the API’s origin is refused'),
    ]);
    expect(stdout).toMatch(/4 of 4 checks passed/);
  }, 120_000);
});
