import { createHash, randomBytes } from 'node:crypto';

/** A refresh token is `<sessionId>.<secret>`: the id finds the session, the secret proves possession. */
export interface RefreshToken {
  sessionId: string;
  secret: string;
}

/** Idle lifetime of a session: each refresh extends it. */
export const SESSION_IDLE_SECONDS = 14 * 24 * 3600;
/** Rotated secrets remembered per session, to recognise a replay (reuse) of an old one. */
export const REMEMBERED_ROTATIONS = 20;

export const newSecret = (): string => randomBytes(32).toString('base64url');

export const formatRefreshToken = (token: RefreshToken): string => `${token.sessionId}.${token.secret}`;

export const parseRefreshToken = (value: string): RefreshToken | undefined => {
  const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{32,128})$/.exec(value);
  return match ? { sessionId: match[1] as string, secret: match[2] as string } : undefined;
};

/** Only hashes are stored, so a leaked table does not hold usable tokens. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export interface StoredSession {
  currentHash: string;
  rotatedHashes: string[];
  expiresAt: number;
}

export type RefreshVerdict = 'current' | 'reused' | 'unknown' | 'expired';

/**
 * What a presented secret means: the current one rotates; a rotated one is a replay, so the whole
 * session family is revoked; anything else is refused without touching the session.
 */
export const judgeRefresh = (session: StoredSession, secret: string, nowSeconds: number): RefreshVerdict => {
  const hash = hashSecret(secret);
  if (session.expiresAt <= nowSeconds) return 'expired';
  if (hash === session.currentHash) return 'current';
  if (session.rotatedHashes.includes(hash)) return 'reused';
  return 'unknown';
};

export const rotatedHashesAfter = (session: StoredSession): string[] =>
  [session.currentHash, ...session.rotatedHashes].slice(0, REMEMBERED_ROTATIONS);
