import { cashoutRequestSchema } from '@cpbo/schemas/members.ts';
import { amountCents } from '@cpbo/schemas/money.ts';

/** The largest amount the API takes in one record. */
export const MAX_AMOUNT = cashoutRequestSchema.properties.amount.maximum;

export type AmountProblem = 'required' | 'format' | 'notPositive' | 'decimals' | 'wholeNumber' | 'tooLarge';

export type AmountReading = { amount: number; cents: number } | { problem: AmountProblem };

// A comma is accepted as the decimal separator: French users write amounts that way.
const amountPattern = /^\d+(?:[.,]\d+)?$/;

/**
 * Reads a typed amount: a positive decimal with at most `decimals` decimals (two, what the API accepts,
 * or fewer for a currency without cents, so that the confirmation never shows a rounded amount).
 */
export function readAmount(text: string, decimals = 2): AmountReading {
  const trimmed = text.trim();
  if (!trimmed) return { problem: 'required' };
  if (!amountPattern.test(trimmed)) return { problem: 'format' };
  const [, fraction = ''] = trimmed.split(/[.,]/);
  const amount = Number(trimmed.replace(',', '.'));
  if (amount <= 0) return { problem: 'notPositive' };
  if (fraction.replace(/0+$/, '').length > decimals)
    return { problem: decimals ? 'decimals' : 'wholeNumber' };
  if (amount > MAX_AMOUNT) return { problem: 'tooLarge' };
  return { amount, cents: amountCents(amount) };
}
