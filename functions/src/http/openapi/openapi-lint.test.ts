import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openApiPath } from './openapi-text.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const redocly = fileURLToPath(new URL('node_modules/.bin/redocly', new URL(`file://${root}`)));

describe('the committed OpenAPI document', () => {
  it('passes redocly lint with its recommended rules, without an error', () => {
    const run = spawnSync(redocly, ['lint', openApiPath, '--format', 'summary'], {
      cwd: root,
      encoding: 'utf8',
      // Offline: no telemetry, no update check.
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_UPDATE_NOTIFIER: '1',
      },
      timeout: 60_000,
    });
    expect(run.stdout + run.stderr).not.toMatch(/\berror\b/iu);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  }, 90_000);
});
