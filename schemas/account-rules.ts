/*
 * The accounts' rules the SPA's first screens need, in a module of their own: importing them does not
 * bring the answers' schemas (accounts.ts), and with them the enablers', into the login page.
 */

/** Shortest password the product accepts (spec section 9). */
export const MIN_PASSWORD_LENGTH = 8;
/** Argon2 hashes any length, but an unbounded one is a cheap denial of service. */
export const MAX_PASSWORD_LENGTH = 256;

export const languages = ['en', 'fr'] as const;
export const userRoles = ['ADMIN', 'USER', 'ANDROID_USER'] as const;
export type UserRole = (typeof userRoles)[number];
