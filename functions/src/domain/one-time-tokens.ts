import { createHash, randomBytes } from 'node:crypto';

/** Links mailed to users: registration sets the first password, renewal a new one. */
export type OneTimePurpose = 'REGISTER' | 'RESET';

export const ONE_TIME_TOKEN_LIFETIME_SECONDS: Record<OneTimePurpose, number> = {
  REGISTER: 7 * 24 * 3600,
  RESET: 24 * 3600,
};

export const newOneTimeToken = (): string => randomBytes(32).toString('base64url');

/** Stored under its hash only: the mailed link is the only copy of the token. */
export const hashOneTimeToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const linkPath = (purpose: OneTimePurpose, token: string): string =>
  purpose === 'REGISTER' ? `/register/${token}` : `/resetPassword/${token}`;

export const isUsable = (
  stored: { purpose: OneTimePurpose; expiresAt: number } | undefined,
  purpose: OneTimePurpose,
  nowSeconds: number,
): boolean => stored !== undefined && stored.purpose === purpose && stored.expiresAt > nowSeconds;
