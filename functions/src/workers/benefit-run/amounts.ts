import type { Cents } from '@cpbo/schemas/money.ts';

/** An amount in a downloaded file: decimal units with two decimals (12.50), empty when there is none. */
export const amountText = (cents: Cents | null): string | null =>
  cents === null ? null : (cents / 100).toFixed(2);
