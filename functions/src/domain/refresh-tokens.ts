import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Role } from '#platform/roles.ts';

/**
 * A refresh token is `<account>.<sessionId>.<secret>`: the account (its e-mail, base64url) and the id
 * find the session in the account's partition, the secret proves possession.
 */
export interface RefreshToken {
  email: string;
  sessionId: string;
  secret: string;
}

/** Idle lifetime of a session: each refresh extends it, up to the absolute lifetime. */
export const SESSION_IDLE_SECONDS = 14 * 24 * 3600;

/**
 * Absolute lifetime of a session, from its sign-in, whatever its refreshes: 12 hours for an
 * administrator (who reaches every enabler's money), 30 days for a field agent (see docs/decisions.md).
 */
export const sessionLifetimeSeconds = (role: Role): number => (role === 'ADMIN' ? 12 * 3600 : 30 * 24 * 3600);

/** Rotated secrets remembered per session, to recognise a replay (reuse) of an old one. */
export const REMEMBERED_ROTATIONS = 20;

export const newSecret = (): string => randomBytes(32).toString('base64url');

export const newSessionId = (): string => randomBytes(18).toString('base64url');

export const formatRefreshToken = (token: RefreshToken): string =>
  `${Buffer.from(token.email, 'utf8').toString('base64url')}.${token.sessionId}.${token.secret}`;

export const parseRefreshToken = (value: string): RefreshToken | undefined => {
  const match = /^([A-Za-z0-9_-]{4,400})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{32,128})$/.exec(value);
  if (!match) return undefined;
  const email = Buffer.from(match[1] as string, 'base64url').toString('utf8');
  if (email.length > 254 || !/^[^\s@/]+@[^\s@/]+$/.test(email)) return undefined;
  return { email, sessionId: match[2] as string, secret: match[3] as string };
};

/** Only hashes are stored, so a leaked table does not hold usable tokens. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/**
 * How long the secret a refresh just rotated still answers, with the secret that replaced it
 * (docs/decisions.md, "A refresh's grace"): two tabs refreshing at once, or a refresh whose answer was
 * lost (a reload, a dropped connection, the SPA's 45-second timeout), present it again within this
 * time. Past it, the rotated secret is a replay and the whole session ends.
 */
export const REFRESH_GRACE_SECONDS = 60;

/**
 * The secret a refresh just rotated: its hash, until when it still answers, and the secret that
 * replaced it, sealed with a key that only the rotated secret's holder can derive (the table holds no
 * usable token).
 */
export interface RotationGrace {
  hash: string;
  until: number;
  sealed: string;
}

export interface StoredSession {
  currentHash: string;
  rotatedHashes: string[];
  /** Absent after a sign-in and after an enabler switch (which is not given the secret it rotates). */
  grace?: RotationGrace;
  /** When the session ends if it is not refreshed (never after endsAt); also the table's TTL. */
  expiresAt: number;
  /** The absolute end of the session, fixed at sign-in. */
  endsAt: number;
}

export type RefreshVerdict = 'current' | 'grace' | 'reused' | 'unknown' | 'expired';

/**
 * What a presented secret means: the current one rotates; the one just rotated, within its grace,
 * answers the secret that replaced it; an older one, or that one past its grace, is a replay, so the
 * whole session family is revoked; anything else is refused without touching the session.
 */
export const judgeRefresh = (session: StoredSession, secret: string, nowSeconds: number): RefreshVerdict => {
  if (!isSessionOpen(session, nowSeconds)) return 'expired';
  const hash = hashSecret(secret);
  if (hash === session.currentHash) return 'current';
  if (session.grace?.hash === hash && nowSeconds < session.grace.until) return 'grace';
  if (session.rotatedHashes.includes(hash)) return 'reused';
  return 'unknown';
};

const GRACE_CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A key derived from the rotated secret (not from its stored hash), bound to its session. */
const graceKey = (rotatedSecret: string, sessionId: string): Buffer =>
  Buffer.from(hkdfSync('sha256', rotatedSecret, sessionId, 'cpbo refresh grace', 32));

/** The grace of `rotatedSecret`, replaced by `nextSecret` at `nowSeconds`. */
export const graceOf = (
  rotatedSecret: string,
  nextSecret: string,
  sessionId: string,
  nowSeconds: number,
): RotationGrace => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(GRACE_CIPHER, graceKey(rotatedSecret, sessionId), iv);
  const sealed = Buffer.concat([iv, cipher.update(nextSecret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    hash: hashSecret(rotatedSecret),
    until: nowSeconds + REFRESH_GRACE_SECONDS,
    sealed: sealed.toString('base64url'),
  };
};

/** The secret that replaced `rotatedSecret`, from its grace; undefined if it does not open. */
export const secretAfterGrace = (
  grace: RotationGrace,
  rotatedSecret: string,
  sessionId: string,
): string | undefined => {
  const sealed = Buffer.from(grace.sealed, 'base64url');
  if (sealed.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv(
      GRACE_CIPHER,
      graceKey(rotatedSecret, sessionId),
      sealed.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
};

/** The table's TTL removes an ended session late (up to days): the times themselves decide. */
export const isSessionOpen = (session: Pick<StoredSession, 'expiresAt' | 'endsAt'>, nowSeconds: number) =>
  session.expiresAt > nowSeconds && session.endsAt > nowSeconds;

export const rotatedHashesAfter = (session: StoredSession): string[] =>
  [session.currentHash, ...session.rotatedHashes].slice(0, REMEMBERED_ROTATIONS);

/** The idle end after a refresh at `nowSeconds`: pushed back, but never past the absolute end. */
export const idleEndAfterRefresh = (session: Pick<StoredSession, 'endsAt'>, nowSeconds: number): number =>
  Math.min(nowSeconds + SESSION_IDLE_SECONDS, session.endsAt);

/** The times of a session opened at `nowSeconds`. */
export const newSessionTimes = (
  role: Role,
  nowSeconds: number,
): Pick<StoredSession, 'expiresAt' | 'endsAt'> => {
  const endsAt = nowSeconds + sessionLifetimeSeconds(role);
  return { endsAt, expiresAt: Math.min(nowSeconds + SESSION_IDLE_SECONDS, endsAt) };
};

/**
 * Whether an access token may still be used: its session exists, has not ended, and still works for
 * the enabler the token names (an administrator's switch moves the session, so older tokens stop).
 */
export const acceptsAccessToken = (
  session: (Pick<StoredSession, 'expiresAt' | 'endsAt'> & { enablerId: string }) | undefined,
  token: { enabler: string },
  nowSeconds: number,
): boolean =>
  session !== undefined && isSessionOpen(session, nowSeconds) && session.enablerId === token.enabler;
