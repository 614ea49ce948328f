import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { givenEnabler, givenUser } from '../../testing/fixtures.ts';
import {
  createSession,
  deleteSession,
  deleteSessionsOf,
  getSession,
  getSessionState,
  rotateSession,
  type SessionRecord,
} from './sessions.ts';
import { epochSeconds } from '../table/table.ts';
import { blockUser, replacePasswordHash, updateUser } from './users.ts';

const givenAccount = async () => {
  const enabler = await givenEnabler({ withConfig: false });
  const user = await givenUser({ role: 'USER', enablerId: enabler.id });
  const account = { email: user.email, role: user.role, passwordHash: user.passwordHash as string };
  return { user, account, enablerId: enabler.id };
};

const sessionOf = (email: string, enablerId: string): SessionRecord => ({
  sessionId: randomUUID(),
  email,
  enablerId,
  currentHash: randomUUID(),
  rotatedHashes: [],
  expiresAt: epochSeconds() + 3600,
  endsAt: epochSeconds() + 86_400,
});

describe('sessions', () => {
  it('open for the account as it was read, and read back as written', async () => {
    const { account, enablerId } = await givenAccount();
    const session = sessionOf(account.email, enablerId);
    expect(await createSession(session, account)).toBe(true);
    expect(await getSession(account.email, session.sessionId)).toEqual(session);
    expect(await getSessionState(account.email, session.sessionId)).toMatchObject({
      expiresAt: session.expiresAt,
      endsAt: session.endsAt,
      enablerId,
    });
    // The same id again is refused: a session is never overwritten.
    expect(await createSession({ ...session, currentHash: 'other' }, account)).toBe(false);
    expect((await getSession(account.email, session.sessionId))?.currentHash).toBe(session.currentHash);
  });

  it.each([
    ['deactivated', (email: string) => updateUser(email, { active: false })],
    ['blocked', (email: string) => blockUser(email, 'BAD_PASSWORDS')],
    ['demoted', (email: string) => updateUser(email, { role: 'ANDROID_USER' })],
    [
      'given another password',
      (email: string, passwordHash: string) => replacePasswordHash(email, passwordHash, 'another hash'),
    ],
  ])('do not open for an account %s since it was read', async (_change, change) => {
    const { account, enablerId } = await givenAccount();
    const session = sessionOf(account.email, enablerId);
    await change(account.email, account.passwordHash);
    expect(await createSession(session, account)).toBe(false);
    expect(await getSession(account.email, session.sessionId)).toBeUndefined();
  });

  it('rotate only from the secret presented: of two racing refreshes one wins', async () => {
    const { account, enablerId } = await givenAccount();
    const session = sessionOf(account.email, enablerId);
    await createSession(session, account);
    const next = (hash: string) => ({
      currentHash: hash,
      rotatedHashes: [session.currentHash],
      expiresAt: session.expiresAt + 60,
      enablerId,
    });
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((hash) =>
        rotateSession(account.email, session.sessionId, session.currentHash, next(hash)),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = ['a', 'b', 'c', 'd'][results.indexOf(true)];
    expect((await getSession(account.email, session.sessionId))?.currentHash).toBe(winner);
    // A replay of the old secret no longer rotates.
    expect(await rotateSession(account.email, session.sessionId, session.currentHash, next('e'))).toBe(false);
  });

  it('once deleted, cannot be rotated back to life', async () => {
    const { account, enablerId } = await givenAccount();
    const session = sessionOf(account.email, enablerId);
    await createSession(session, account);
    await deleteSession(account.email, session.sessionId);
    expect(await getSession(account.email, session.sessionId)).toBeUndefined();
    expect(
      await rotateSession(account.email, session.sessionId, session.currentHash, {
        currentHash: 'new',
        rotatedHashes: [],
        expiresAt: session.expiresAt,
        enablerId,
      }),
    ).toBe(false);
    expect(await getSession(account.email, session.sessionId)).toBeUndefined();
  });

  it("all end at once, but the one kept, and only the account's own", async () => {
    const { account, enablerId } = await givenAccount();
    const other = await givenAccount();
    const sessions = Array.from({ length: 30 }, () => sessionOf(account.email, enablerId));
    for (const session of sessions) await createSession(session, account);
    const othersSession = sessionOf(other.account.email, other.enablerId);
    await createSession(othersSession, other.account);
    const kept = sessions[7] as SessionRecord;

    expect(await deleteSessionsOf(account.email, kept.sessionId)).toBe(29);
    for (const session of sessions)
      expect(Boolean(await getSession(account.email, session.sessionId))).toBe(session === kept);
    expect(await getSession(other.account.email, othersSession.sessionId)).toBeDefined();
    expect(await deleteSessionsOf(account.email)).toBe(1);
    expect(await getSession(account.email, kept.sessionId)).toBeUndefined();
  });
});
