import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureOutput } from '../testing/log-lines.ts';
import { logger, redact } from './logger.ts';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZ2VudCJ9.c2lnbmF0dXJl';
const link = 'https://app.example.org/register/Zm9vYmFyYmF6cXV4';

let output: ReturnType<typeof captureOutput>;
beforeEach(() => {
  output = captureOutput();
});
afterEach(() => output.restore());

describe('the redaction of log fields', () => {
  it('hides passwords, tokens, links and bank details by name, and JWTs and addresses anywhere', () => {
    const line = JSON.parse(
      JSON.stringify(
        {
          password: 'p',
          newPassword: 'p',
          refreshToken: 'a.b.c',
          Authorization: 'Bearer x',
          bankAccount: '0123456789',
          bankIFSC: 'SBIN0000001',
          link: { to: 'x' },
          note: `see ${link} with ${jwt}`,
          amount: 12,
          routeKey: 'POST /members',
        },
        redact,
      ),
    );
    expect(line).toEqual({
      password: '[redacted]',
      newPassword: '[redacted]',
      refreshToken: '[redacted]',
      Authorization: '[redacted]',
      bankAccount: '[redacted]',
      bankIFSC: '[redacted]',
      link: '[redacted]',
      note: 'see [redacted] with [redacted]',
      amount: 12,
      routeKey: 'POST /members',
    });
  });

  it('is the logger’s own', async () => {
    await logger.error('Checking', { password: 'hunter2', details: { bankAccount: '0123456789' } });
    expect(output.text()).not.toMatch(/hunter2|0123456789/);
    expect(output.lines().at(-1)).toMatchObject({
      password: '[redacted]',
      details: { bankAccount: '[redacted]' },
    });
  });
});
