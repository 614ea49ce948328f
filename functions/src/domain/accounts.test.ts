import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './emails.ts';
import { canSignIn, MAX_FAILED_LOGINS, reachesLock } from './lockout.ts';
import { composeMail } from './mail-templates.ts';
import { hashOneTimeToken, isUsable, linkPath, newOneTimeToken } from './one-time-tokens.ts';
import { commonPasswords } from '#platform/common-passwords.ts';
import { isGuessablePassword, MAX_LISTED_AFFIX, newPasswordProblem } from './passwords.ts';
import {
  acceptsAccessToken,
  formatRefreshToken,
  graceOf,
  hashSecret,
  idleEndAfterRefresh,
  isSessionOpen,
  judgeRefresh,
  newSecret,
  newSessionId,
  newSessionTimes,
  parseRefreshToken,
  REFRESH_GRACE_SECONDS,
  REMEMBERED_ROTATIONS,
  rotatedHashesAfter,
  secretAfterGrace,
  SESSION_IDLE_SECONDS,
  sessionLifetimeSeconds,
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

describe('passwords attackers try first', () => {
  const account = async (email = 'awa.diop@example.org') => ({ email, listed: await commonPasswords() });

  it('are the 100 000 of the published list, read lower-cased', async () => {
    const listed = await commonPasswords();
    // 100 000 lines, some the same but for their case.
    expect(listed.size).toBeGreaterThan(97_000);
    expect(listed.has('password1')).toBe(true);
    expect(listed.has('Password1')).toBe(false);
  });

  it.each(['12345678', 'password1', 'Password123!', 'aaaaaaaa', 'PASSWORD1', 'qwertyuiop', 'sunshine1987!'])(
    'refuse %s',
    async (password) => {
      expect(newPasswordProblem(password, undefined, await account())).toBe('ERR_PASSWORD_TOO_COMMON');
    },
  );

  it('refuse a listed word with a few digits or symbols around it, not a long random ending', async () => {
    const context = await account();
    expect(isGuessablePassword('!!monkey2024', context)).toBe(true);
    expect(isGuessablePassword(`monkey${'7'.repeat(MAX_LISTED_AFFIX)}`, context)).toBe(true);
    expect(isGuessablePassword(`monkey${'7#'.repeat(MAX_LISTED_AFFIX)}`, context)).toBe(false);
  });

  it("refuse one that holds the account's e-mail name, a longer part of it, or the product's name", async () => {
    const context = await account('awa.diop@example.org');
    expect(isGuessablePassword('Awa.Diop-2026', context)).toBe(true);
    expect(isGuessablePassword('my-diop-family-tree', context)).toBe(true);
    expect(isGuessablePassword('Crop-Protection-2026', context)).toBe(true);
    expect(isGuessablePassword('cropprotection!blue', context)).toBe(true);
    // Another account's name is no clue to this one.
    expect(isGuessablePassword('Awa.Diop-2026', await account('moussa.ba@example.org'))).toBe(false);
  });

  it('let a password through that none of this makes guessable', async () => {
    const context = await account();
    for (const password of [
      'correct horse battery',
      'Kapok-tree-harvest-26',
      'Tr0ub4dor&3x',
      'éléphant rose du Sahel',
    ])
      expect(newPasswordProblem(password, undefined, context), password).toBeUndefined();
    // The length rule and the current one's come first.
    expect(newPasswordProblem('1234567', undefined, context)).toBe('ERR_PASSWORD_TOO_SHORT');
    expect(newPasswordProblem('password1', 'password1', context)).toBe('ERR_PASSWORD_UNCHANGED');
  });
});

describe('lockout', () => {
  it('locks from the fifth bad password in a row, not before', () => {
    const counts = Array.from({ length: MAX_FAILED_LOGINS + 2 }, (_, index) => index + 1);
    expect(counts.map(reachesLock)).toEqual([false, false, false, false, true, true, true]);
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
    const token = { email: 'awa.diop@example.org', sessionId: newSessionId(), secret: newSecret() };
    expect(parseRefreshToken(formatRefreshToken(token))).toEqual(token);
    expect(parseRefreshToken('not-a-token')).toBeUndefined();
    expect(parseRefreshToken(`${token.sessionId}.${token.secret}`)).toBeUndefined();
    const [account, sessionId] = formatRefreshToken(token).split('.');
    expect(parseRefreshToken(`${account}.${sessionId}.short`)).toBeUndefined();
    const notAnAccount = Buffer.from('no address here').toString('base64url');
    expect(parseRefreshToken(`${notAnAccount}.${sessionId}.${token.secret}`)).toBeUndefined();
  });

  it('tell the current secret from a replayed one and from a stranger', () => {
    const old = newSecret();
    const current = newSecret();
    const session = {
      currentHash: hashSecret(current),
      rotatedHashes: [hashSecret(old)],
      expiresAt: 2000,
      endsAt: 5000,
    };
    expect(judgeRefresh(session, current, 1000)).toBe('current');
    expect(judgeRefresh(session, old, 1000)).toBe('reused');
    expect(judgeRefresh(session, newSecret(), 1000)).toBe('unknown');
    expect(judgeRefresh(session, current, 2000)).toBe('expired');
    expect(judgeRefresh({ ...session, expiresAt: 9000 }, current, 5000)).toBe('expired');
  });

  it('answer the secret just rotated, within its grace only, with the secret that replaced it', () => {
    const rotated = newSecret();
    const current = newSecret();
    const grace = graceOf(rotated, current, 'session-1', 1000);
    expect(grace.until).toBe(1000 + REFRESH_GRACE_SECONDS);
    expect(grace.hash).toBe(hashSecret(rotated));
    const session = {
      currentHash: hashSecret(current),
      rotatedHashes: [hashSecret(rotated)],
      grace,
      expiresAt: 9000,
      endsAt: 9000,
    };
    expect(judgeRefresh(session, rotated, 1000)).toBe('grace');
    expect(judgeRefresh(session, rotated, 1000 + REFRESH_GRACE_SECONDS - 1)).toBe('grace');
    expect(judgeRefresh(session, rotated, 1000 + REFRESH_GRACE_SECONDS)).toBe('reused');
    expect(judgeRefresh(session, current, 1000)).toBe('current');
    expect(secretAfterGrace(grace, rotated, 'session-1')).toBe(current);
    // Only the rotated secret opens it, for its own session: the table's hash does not.
    expect(secretAfterGrace(grace, newSecret(), 'session-1')).toBeUndefined();
    expect(secretAfterGrace(grace, grace.hash, 'session-1')).toBeUndefined();
    expect(secretAfterGrace(grace, rotated, 'session-2')).toBeUndefined();
    expect(grace.sealed).not.toContain(current);
  });

  it('remember a bounded number of rotations, newest first', () => {
    const hashes = Array.from({ length: REMEMBERED_ROTATIONS }, (_, i) => `h${i}`);
    const after = rotatedHashesAfter({ currentHash: 'now', rotatedHashes: hashes, expiresAt: 1, endsAt: 1 });
    expect(after).toHaveLength(REMEMBERED_ROTATIONS);
    expect(after[0]).toBe('now');
  });
});

describe('session lifetimes', () => {
  it('end a session after its absolute lifetime, however often it is refreshed', () => {
    const opened = newSessionTimes('USER', 0);
    expect(opened).toEqual({ expiresAt: SESSION_IDLE_SECONDS, endsAt: sessionLifetimeSeconds('USER') });
    let session = { ...opened };
    for (let now = 3600; now < opened.endsAt; now += 24 * 3600)
      session = { ...session, expiresAt: idleEndAfterRefresh(session, now) };
    expect(session.expiresAt).toBe(opened.endsAt);
    expect(isSessionOpen(session, opened.endsAt - 1)).toBe(true);
    expect(isSessionOpen(session, opened.endsAt)).toBe(false);
  });

  it('are shorter for administrators than for field agents', () => {
    expect(sessionLifetimeSeconds('ADMIN')).toBe(12 * 3600);
    expect(sessionLifetimeSeconds('USER')).toBe(30 * 24 * 3600);
    expect(sessionLifetimeSeconds('ANDROID_USER')).toBe(30 * 24 * 3600);
    expect(newSessionTimes('ADMIN', 100)).toEqual({ expiresAt: 100 + 12 * 3600, endsAt: 100 + 12 * 3600 });
  });

  it('let an access token through only while its session is open and works for the token’s enabler', () => {
    const session = { expiresAt: 200, endsAt: 300, enablerId: 'e1' };
    expect(acceptsAccessToken(session, { enabler: 'e1' }, 100)).toBe(true);
    expect(acceptsAccessToken(session, { enabler: 'e2' }, 100)).toBe(false);
    expect(acceptsAccessToken(session, { enabler: 'e1' }, 200)).toBe(false);
    expect(acceptsAccessToken(undefined, { enabler: 'e1' }, 100)).toBe(false);
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
