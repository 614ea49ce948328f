/*
 * Texts as the lists compare them: folded for search and order, ids and days in code-unit order, numbers
 * as people read them. Shared by the API's lists in memory and a device's offline list.
 */

/** Printable ASCII but ^ and ` (diacritics of their own, which folding drops). */
const asciiWithoutDiacritics = /^[\x20-\x5d\x5f\x61-\x7e]*$/;

/** Text compared without case or accents, so 'Élodie' sorts and matches with 'elodie'. */
export const foldText = (text: string): string =>
  // Most names and numbers are plain ASCII: lower case is then the whole fold, and much quicker.
  asciiWithoutDiacritics.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase();

/** Strings in code-unit order (ids, folded names, days). */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// Made on first use: creating a collator loads its locale data, a few milliseconds of every cold start.
let naturalNumber: Intl.Collator | undefined;
/** Numbers compared as people read them: 'N-2' before 'N-10', without case. */
export const numberCollator = (): Intl.Collator =>
  (naturalNumber ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));
