import { toCents, type Cents } from '@cpbo/schemas/money.ts';
import { AppError } from '#platform/app-error.ts';

/** A decimal amount of a request's body in cents: more than two decimals is a bad request (400). */
export const centsOf = (amount: number): Cents => {
  const value = toCents(amount);
  if (value === undefined)
    throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'Amounts have at most two decimals.' });
  return value;
};
