import { MIN_PASSWORD_LENGTH } from '@cpbo/schemas/account-rules.ts';

export { MIN_PASSWORD_LENGTH };

/**
 * The length rule of every new password (register, reset, change), counted as the server counts it:
 * in characters, so that an accented letter or an emoji is one.
 */
export const isLongEnough = (password: string): boolean => [...password].length >= MIN_PASSWORD_LENGTH;
