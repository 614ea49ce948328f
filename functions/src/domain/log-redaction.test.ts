import { describe, expect, it } from 'vitest';
import { MAX_LOG_MESSAGE_LENGTH, REDACTED, redactLogMessage } from './log-redaction.ts';

describe('redactLogMessage', () => {
  it.each([
    ['password=Hunter2-secret!', 'password=[redacted]'],
    ['login failed, password: "correct horse battery"', 'login failed, password: [redacted]'],
    ['{"password":"s3cr3t","username":"a@b.org"}', '{"password":[redacted],"username":"a@b.org"}'],
    ['Authorization: Bearer abc.def.ghi', 'Authorization: [redacted]'],
    ['sent with bearer 0123abcd', 'sent with Bearer [redacted]'],
    ['refresh_token=xyz', 'refresh_token=[redacted]'],
    ['bankAccount: 12345', 'bankAccount: [redacted]'],
    ['IFSC SBIN0001234 of the branch', 'IFSC [redacted] of the branch'],
  ])('should hide the value of a named secret: %s', (message, expected) => {
    expect(redactLogMessage(message)).toBe(expected);
  });

  it('should hide a JSON Web Token wherever it appears', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhQGIub3JnIn0.c2lnbmF0dXJlLXBhcnQ';
    expect(redactLogMessage(`kept ${token} here`)).toBe(`kept ${REDACTED} here`);
  });

  it('should hide links, which carry one-time tokens', () => {
    expect(redactLogMessage('mailed https://app.example.org/register/Zm9vYmFy to a@b.org')).toBe(
      `mailed ${REDACTED} to a@b.org`,
    );
    expect(redactLogMessage('see www.example.org/reset?t=1')).toBe(`see ${REDACTED}`);
  });

  it('should hide bank numbers: account numbers, IBANs and IFSC codes', () => {
    expect(redactLogMessage('account 123456789012 of Awa')).toBe(`account ${REDACTED} of Awa`);
    expect(redactLogMessage('card 4111 1111 1111 1111 refused')).toBe(`card ${REDACTED} refused`);
    expect(redactLogMessage('to FR76 3000 6000 0112 3456 7890 189 today')).toBe(`to ${REDACTED} today`);
    expect(redactLogMessage('branch HDFC0ABC123')).toBe(`branch ${REDACTED}`);
  });

  it('should hide long opaque tokens but keep record ids and dates', () => {
    const opaque = 'a'.repeat(20) + 'B9_x'.repeat(5);
    expect(redactLogMessage(`token-like ${opaque}`)).toBe(`token-like ${REDACTED}`);
    const message =
      'Member 3f2a1b4c-1234-4abc-8def-0123456789ab deleted on 2026-11-23T10:00:00.000Z (12 plots, 450.5)';
    expect(redactLogMessage(message)).toBe(message);
  });

  it('should keep what is not a secret as it is', () => {
    for (const message of [
      'Failed sign-in: wrong password for agent@demo.local (3 in a row)',
      'Token expired; the account was locked',
    ]) {
      expect(redactLogMessage(message)).toBe(message);
    }
  });

  it('should cut a message longer than the limit', () => {
    const redacted = redactLogMessage('word '.repeat(1000));
    expect(redacted).toHaveLength(MAX_LOG_MESSAGE_LENGTH);
    expect(redacted.endsWith('…')).toBe(true);
  });
});
