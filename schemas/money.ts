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

/** The hundredths in one smallest unit of a currency, by its code (cached: a run rounds thousands of rows). */
const unitCents = new Map<string, number>();

/**
 * The decimals of a currency's own unit as ISO 4217 gives them (XOF 0, INR 2), at most the two that
 * amounts keep; two for a code Intl does not know, or none given.
 */
export const currencyDecimals = (currency: string | null | undefined): number => {
  if (!currency) return 2;
  try {
    const { maximumFractionDigits = 2 } = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
    }).resolvedOptions();
    return Math.min(2, maximumFractionDigits);
  } catch {
    return 2;
  }
};

/**
 * An amount in hundredths rounded to the currency's smallest unit (a multiple of 100 for XOF), half
 * up: the one rounding of every benefit before it is shown, stored, summed or written to a file.
 */
export const roundToCurrency = (cents: number, currency: string | null | undefined): Cents => {
  const key = currency ?? '';
  let unit = unitCents.get(key);
  if (unit === undefined) {
    unit = 10 ** (2 - currencyDecimals(currency));
    unitCents.set(key, unit);
  }
  return Math.round(cents / unit) * unit;
};

/** Whether an amount in hundredths is a whole number of the currency's smallest unit. */
export const inCurrencyUnits = (cents: Cents, currency: string | null | undefined): boolean =>
  roundToCurrency(cents, currency) === cents;
