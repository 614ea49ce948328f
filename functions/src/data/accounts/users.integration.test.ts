import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { MAX_FAILED_LOGINS } from '#domain/lockout.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { givenEnabler, uniqueEmail } from '../../testing/fixtures.ts';
import { epochSeconds, tableName } from '../table/table.ts';
import {
  blockUser,
  clearFailedLogins,
  countFailedLogin,
  createUser,
  deleteUser,
  getOneTimeToken,
  getUser,
  lockForBadPasswords,
  replacePasswordHash,
  setPasswordWithToken,
  storeOneTimeToken,
  updateUser,
  userKey,
  type NewUser,
} from './users.ts';

const newUser = (fields: Partial<NewUser> = {}): NewUser => ({
  email: uniqueEmail(),
  username: 'Awa',
  role: 'USER',
  enablerId: '',
  defaultFederation: null,
  passwordHash: 'hash-0',
  ...fields,
});

const givenUserOf = async (fields: Partial<NewUser> = {}) => {
  const enabler = await givenEnabler({ withConfig: false });
  return createUser(newUser({ enablerId: enabler.id, ...fields }));
};

/** The stored item, read as is: a refused write must not have created one. */
const storedItem = async (email: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKey(email), ConsistentRead: true })))
    .Item;

const linkTo = async (email: string, purpose: 'REGISTER' | 'RESET' = 'RESET', expiresIn = 3600) => {
  const tokenHash = randomUUID();
  await storeOneTimeToken(tokenHash, { purpose, email, expiresAt: epochSeconds() + expiresIn });
  return tokenHash;
};

describe('users', () => {
  it('are created once per e-mail, in an enabler that exists', async () => {
    const user = await givenUserOf();
    expect(await getUser(user.email)).toEqual(user);
    expect(user).toMatchObject({ active: true, failedLogins: 0, blocked: null, language: null });
    await expect(createUser(newUser({ email: user.email, username: 'Other' }))).rejects.toMatchObject({
      code: 'ERR_DUPLICATE_USER',
    });
    expect((await getUser(user.email))?.username).toBe(user.username);

    const orphan = newUser({ enablerId: randomUUID() });
    await expect(createUser(orphan)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    expect(await storedItem(orphan.email)).toBeUndefined();
    // An administrator of a fresh installation has no enabler yet.
    expect(await createUser(newUser({ role: 'ADMIN' }))).toMatchObject({ role: 'ADMIN', enablerId: '' });
  });

  it('change only the fields named; null removes one; an unknown user is not created', async () => {
    const user = await givenUserOf({ defaultFederation: 'Fatick', language: 'fr' });
    const changed = await updateUser(user.email, { username: 'Awa N.', defaultFederation: null });
    expect(changed).toMatchObject({
      username: 'Awa N.',
      defaultFederation: null,
      language: 'fr',
      active: true,
    });
    expect(await getUser(user.email)).toEqual(changed);

    const ghost = uniqueEmail('ghost');
    await expect(updateUser(ghost, { username: 'x' })).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    await expect(blockUser(ghost, 'RENEWAL_FORCED')).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    expect(await countFailedLogin(ghost)).toBeUndefined();
    await clearFailedLogins(ghost);
    expect(await lockForBadPasswords(ghost)).toBe(false);
    expect(await replacePasswordHash(ghost, 'hash-0', 'hash-1')).toBe(false);
    await expect(linkTo(ghost)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    expect(await storedItem(ghost)).toBeUndefined();
  });

  it('keep who brought them in: the creator, then every promotion adds its line, two at once both', async () => {
    const user = await givenUserOf({ createdBy: 'a@x.org', broughtInBy: ['a@x.org', 'root@x.org'] });
    expect(user).toMatchObject({ createdBy: 'a@x.org', promotedBy: null, promotedAt: null });
    expect((await getUser(user.email))?.broughtInBy).toEqual(['a@x.org', 'root@x.org']);
    await Promise.all(
      ['b@x.org', 'c@x.org'].map((by) =>
        updateUser(user.email, { role: 'ADMIN', promotion: { by, broughtInBy: [by, 'root@x.org'] } }),
      ),
    );
    const promoted = await getUser(user.email);
    expect(promoted?.broughtInBy).toEqual(['a@x.org', 'b@x.org', 'c@x.org', 'root@x.org']);
    expect(promoted).toMatchObject({ role: 'ADMIN', createdBy: 'a@x.org', promotedAt: expect.any(String) });
    expect(['b@x.org', 'c@x.org']).toContain(promoted?.promotedBy);
    // A script's account has no line; its address made again starts a new one.
    await deleteUser(user.email);
    const again = await createUser(newUser({ email: user.email }));
    expect(again).toMatchObject({ createdBy: null, promotedBy: null, broughtInBy: [] });
    expect(await getUser(user.email)).toEqual(again);
  });

  it('count bad passwords atomically, and exactly one of the attempts at the limit locks', async () => {
    const user = await givenUserOf();
    const counts = await Promise.all(
      Array.from({ length: MAX_FAILED_LOGINS + 2 }, () => countFailedLogin(user.email)),
    );
    expect([...counts].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: MAX_FAILED_LOGINS + 2 }, (_, index) => index + 1),
    );
    const locks = await Promise.all(Array.from({ length: 5 }, () => lockForBadPasswords(user.email)));
    expect(locks.filter(Boolean)).toHaveLength(1);
    expect((await getUser(user.email))?.blocked).toBe('BAD_PASSWORDS');
    // Already locked: a later attempt at the limit does not lock again (one mail to the administrators).
    expect(await lockForBadPasswords(user.email)).toBe(false);

    await clearFailedLogins(user.email);
    expect((await getUser(user.email))?.failedLogins).toBe(0);
  });

  it('do not lock below the limit', async () => {
    const user = await givenUserOf();
    for (let attempt = 1; attempt < MAX_FAILED_LOGINS; attempt += 1) await countFailedLogin(user.email);
    expect(await lockForBadPasswords(user.email)).toBe(false);
    expect((await getUser(user.email))?.blocked).toBeNull();
    await blockUser(user.email, 'RENEWAL_FORCED');
    expect((await getUser(user.email))?.blocked).toBe('RENEWAL_FORCED');
  });

  it('replace a password only in place of the one checked, which ends the mailed link', async () => {
    const user = await givenUserOf();
    const link = await linkTo(user.email);
    expect(await replacePasswordHash(user.email, 'stale hash', 'hash-1')).toBe(false);
    expect(await replacePasswordHash(user.email, 'hash-0', 'hash-1')).toBe(true);
    expect((await getUser(user.email))?.passwordHash).toBe('hash-1');
    expect(await setPasswordWithToken(link, 'RESET', user.email, 'hash-2')).toBe(false);
    expect((await getUser(user.email))?.passwordHash).toBe('hash-1');
  });

  it('set a password with the newest link only, once, before it expires, for its purpose', async () => {
    const user = await givenUserOf();
    await countFailedLogin(user.email);
    await blockUser(user.email, 'BAD_PASSWORDS');
    const older = await linkTo(user.email);
    const newest = await linkTo(user.email);
    expect(await setPasswordWithToken(older, 'RESET', user.email, 'hash-old')).toBe(false);
    expect(await setPasswordWithToken(newest, 'REGISTER', user.email, 'hash-purpose')).toBe(false);
    expect(await setPasswordWithToken(newest, 'RESET', uniqueEmail(), 'hash-other')).toBe(false);

    const uses = await Promise.all(
      ['hash-a', 'hash-b', 'hash-c'].map((hash) => setPasswordWithToken(newest, 'RESET', user.email, hash)),
    );
    expect(uses.filter(Boolean)).toHaveLength(1);
    const after = await getUser(user.email);
    expect(after).toMatchObject({ blocked: null, failedLogins: 0 });
    expect(['hash-a', 'hash-b', 'hash-c']).toContain(after?.passwordHash);
    expect(await getOneTimeToken(newest)).toBeUndefined();

    const expired = await linkTo(user.email, 'RESET', -1);
    expect(await setPasswordWithToken(expired, 'RESET', user.email, 'hash-late')).toBe(false);
  });

  it('do not set a password on a deactivated account', async () => {
    const user = await givenUserOf();
    const link = await linkTo(user.email, 'REGISTER');
    await updateUser(user.email, { active: false });
    expect(await setPasswordWithToken(link, 'REGISTER', user.email, 'hash-1')).toBe(false);
    expect((await getUser(user.email))?.passwordHash).toBe('hash-0');
  });

  it('are deleted with their outstanding link', async () => {
    const user = await givenUserOf();
    const link = await linkTo(user.email);
    await deleteUser(user.email);
    expect(await getUser(user.email)).toBeUndefined();
    expect(await getOneTimeToken(link)).toBeUndefined();
  });
});
