import { currencyDecimals, type Cents } from '@cpbo/schemas/money.ts';

/**
 * An amount in a downloaded file: decimal units with the currency's own decimals (5517 for XOF, 12.50
 * for INR), empty when there is none. Benefits are already rounded to them (schemas/benefit-rule.ts).
 */
export const amountText = (cents: Cents | null, currency: string | null): string | null =>
  cents === null ? null : (cents / 100).toFixed(currencyDecimals(currency));
