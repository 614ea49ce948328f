import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './emails.ts';
import { afterFailedLogin, canSignIn, MAX_FAILED_LOGINS } from './lockout.ts';
import { composeMail } from './mail-templates.ts';
import { hashOneTimeToken, isUsable, linkPath, newOneTimeToken } from './one-time-tokens.ts';
import { newPasswordProblem } from './passwords.ts';
import {
  formatRefreshToken,
  hashSecret,
  judgeRefresh,
  newSecret,
  parseRefreshToken,
  REMEMBERED_ROTATIONS,
  rotatedHashesAfter,
} from './refresh-tokens.ts';

describe('new passwords', () => {
  it('need at least 8 characters', () => {
    expect(newPasswordProblem('1234567')).toBe('ERR_PASSWORD_TOO_SHORT');
    expect(newPasswordProblem('12345678')).toBeUndefined();
  });
  it('count characters, not bytes', () => {
    expect(newPasswordProblem('éééééé')).toBe('ERR_PASSWORD_TOO_SHORT');
  });
  it('must differ from the current one', () => {
    expect(newPasswordProblem('same-password', 'same-password')).toBe('ERR_PASSWORD_UNCHANGED');
    expect(newPasswordProblem('new-password', 'old-password')).toBeUndefined();
  });
});

describe('lockout', () => {
  it('locks on the fifth bad password in a row, not before', () => {
    let failed = 0;
    const outcomes = [];
    for (let attempt = 1; attempt <= MAX_FAILED_LOGINS; attempt += 1) {
      const outcome = afterFailedLogin(failed);
      failed = outcome.failedLogins;
      outcomes.push(outcome.locksNow);
    }
    expect(outcomes).toEqual([false, false, false, false, true]);
  });
  it('lets only active, unblocked accounts with a password sign in', () => {
    expect(canSignIn({ active: true, passwordHash: 'h' })).toBe(true);
    expect(canSignIn({ active: false, passwordHash: 'h' })).toBe(false);
    expect(canSignIn({ active: true, blocked: 'BAD_PASSWORDS', passwordHash: 'h' })).toBe(false);
    expect(canSignIn({ active: true, blocked: 'RENEWAL_FORCED', passwordHash: 'h' })).toBe(false);
    expect(canSignIn({ active: true })).toBe(false);
  });
});

describe('refresh tokens', () => {
  it('round-trip through their text form and refuse anything else', () => {
    const token = { sessionId: 'abcdefghijklmnopqrstuv', secret: newSecret() };
    expect(parseRefreshToken(formatRefreshToken(token))).toEqual(token);
    expect(parseRefreshToken('not-a-token')).toBeUndefined();
    expect(parseRefreshToken(`${token.sessionId}.short`)).toBeUndefined();
  });

  it('tell the current secret from a replayed one and from a stranger', () => {
    const old = newSecret();
    const current = newSecret();
    const session = { currentHash: hashSecret(current), rotatedHashes: [hashSecret(old)], expiresAt: 2000 };
    expect(judgeRefresh(session, current, 1000)).toBe('current');
    expect(judgeRefresh(session, old, 1000)).toBe('reused');
    expect(judgeRefresh(session, newSecret(), 1000)).toBe('unknown');
    expect(judgeRefresh(session, current, 2000)).toBe('expired');
  });

  it('remember a bounded number of rotations, newest first', () => {
    const hashes = Array.from({ length: REMEMBERED_ROTATIONS }, (_, i) => `h${i}`);
    const after = rotatedHashesAfter({ currentHash: 'now', rotatedHashes: hashes, expiresAt: 1 });
    expect(after).toHaveLength(REMEMBERED_ROTATIONS);
    expect(after[0]).toBe('now');
  });
});

describe('one-time tokens', () => {
  it('are random, stored as a hash and usable only for their purpose until they expire', () => {
    const token = newOneTimeToken();
    expect(token).not.toBe(newOneTimeToken());
    expect(hashOneTimeToken(token)).not.toContain(token);
    const stored = { purpose: 'REGISTER' as const, expiresAt: 100 };
    expect(isUsable(stored, 'REGISTER', 99)).toBe(true);
    expect(isUsable(stored, 'REGISTER', 100)).toBe(false);
    expect(isUsable(stored, 'RESET', 99)).toBe(false);
    expect(isUsable(undefined, 'RESET', 99)).toBe(false);
  });
  it('make the links of the spec', () => {
    expect(linkPath('REGISTER', 'abc')).toBe('/register/abc');
    expect(linkPath('RESET', 'abc')).toBe('/resetPassword/abc');
  });
});

describe('mails', () => {
  it('are written in the recipient’s language, English otherwise', () => {
    const fr = composeMail('registration', 'fr', 'a@b.org', {
      username: 'Awa',
      link: 'https://x/register/t',
    });
    expect(fr.subject).toMatch(/Votre compte/);
    expect(fr.text).toContain('https://x/register/t');
    expect(composeMail('registration', undefined, 'a@b.org', { username: 'A', link: 'l' }).subject).toMatch(
      /account/,
    );
  });
});

describe('e-mail addresses', () => {
  it('compare without case and spaces', () => {
    expect(normalizeEmail('  Awa.Diop@Example.ORG ')).toBe('awa.diop@example.org');
  });
});
