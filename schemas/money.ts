/**
 * Money is kept in whole hundredths of the currency unit ("cents"), so that sums are exact:
 * a thousand contributions of 0.1 make exactly 100. The API speaks in decimal amounts.
 */
export type Cents = number;

/** Largest amount accepted in one record: far above any contribution or benefit, far below float precision. */
export const MAX_AMOUNT = 1_000_000_000;

/**
 * The cents of a decimal amount, or undefined when it is not a finite amount with at most two decimals:
 * its cents, divided back, give the very same number (amount * 100 alone is off by more than any fixed
 * tolerance near MAX_AMOUNT: 333333333.34 * 100 is 33333333334.000004).
 */
export const toCents = (amount: number): Cents | undefined => {
  if (!Number.isFinite(amount) || Math.abs(amount) > MAX_AMOUNT) return undefined;
  const cents = Math.round(amount * 100);
  return cents / 100 === amount ? cents : undefined;
};

export const fromCents = (cents: Cents): number => cents / 100;
