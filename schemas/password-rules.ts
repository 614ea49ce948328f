/*
 * What makes a new password guessable from the account itself (NIST SP 800-63B 5.1.1.2: context-specific
 * words): the server refuses it (ERR_PASSWORD_TOO_COMMON) with the list of passwords attackers try first,
 * and the password forms say so as the user types. A module of its own, off the login page's path.
 */

/** The product's name as a password would hold it (the header's "Crop protection"): letters only. */
export const PRODUCT_NAME = 'cropprotection';

/** A name's letters and digits, lower-cased: how a name is looked for in a password. */
const lettersAndDigits = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Shorter names would refuse too many passwords by chance ("jo", "li"). */
const MIN_NAME_LENGTH = 3;
/** A part of the e-mail's name ("awa" and "diop" of awa.diop@…) is looked for from this length. */
const MIN_PART_LENGTH = 4;

/** The names a password of this account must not contain: the e-mail's name, its longer parts, the product's. */
export const accountNames = (email?: string): string[] => {
  const at = email?.lastIndexOf('@') ?? -1;
  const local = email && at > 0 ? email.slice(0, at) : '';
  const whole = lettersAndDigits(local);
  const parts = local
    .split(/[._+-]/)
    .map(lettersAndDigits)
    .filter((part) => part.length >= MIN_PART_LENGTH);
  return [...new Set([...(whole.length >= MIN_NAME_LENGTH ? [whole] : []), ...parts, PRODUCT_NAME])];
};

/** Whether the password holds the account's e-mail name (or a longer part of it) or the product's name. */
export const containsAccountName = (password: string, email?: string): boolean => {
  const compared = lettersAndDigits(password);
  return accountNames(email).some((name) => compared.includes(name));
};
