import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../session/session-context.ts';
import { formatAmount, formatDate, type DateInput } from './format.ts';

export interface MemberFormats {
  /** An amount in the enabler's currency, the way the language writes money. */
  amount: (amount: number | null | undefined) => string;
  /** DD/MM/YYYY, for days ('YYYY-MM-DD') and instants alike. */
  date: (value: DateInput | null | undefined) => string;
  /** The decimals an amount may have: two (the API's limit), fewer for a currency without cents (XOF). */
  amountDecimals: number;
}

const API_AMOUNT_DECIMALS = 2;

const decimalsOf = (currency: string | undefined): number => {
  if (!currency) return API_AMOUNT_DECIMALS;
  try {
    const { maximumFractionDigits = API_AMOUNT_DECIMALS } = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
    }).resolvedOptions();
    return Math.min(API_AMOUNT_DECIMALS, maximumFractionDigits);
  } catch {
    // Not an ISO currency code: formatAmount shows the plain number, with the API's decimals.
    return API_AMOUNT_DECIMALS;
  }
};

/** Amounts and dates of the member screens, following the language and the enabler's currency. */
export function useMemberFormats(): MemberFormats {
  const { i18n } = useTranslation();
  const { enabler } = useSignedInSession();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const currency = enabler?.config?.currency;
  return useMemo(
    () => ({
      amount: (amount) => formatAmount(amount, currency, language),
      date: (value) => formatDate(value),
      amountDecimals: decimalsOf(currency),
    }),
    [currency, language],
  );
}
