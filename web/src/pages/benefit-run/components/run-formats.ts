import { useTranslation } from 'react-i18next';
import type { BenefitRun } from '../../../api/benefit-runs.ts';
import { formatAmount, formatNumber } from '../../../common/format/format.ts';

/** Factors and damage indexes as given (an index of 0.455 is not 0.46). */
const RATIO_DECIMALS = 4;

/** A run's figures in the page's language: amounts in the run's currency; '-' for none. */
export function useRunFormats(run: Pick<BenefitRun, 'currency'>) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const orDash = (text: string) => text || '-';
  return {
    amount: (value: number | null | undefined) => orDash(formatAmount(value, run.currency, language)),
    count: (value: number | null | undefined) => orDash(formatNumber(value, language)),
    ratio: (value: number | null | undefined) => orDash(formatNumber(value, language, RATIO_DECIMALS)),
  };
}

export type RunFormats = ReturnType<typeof useRunFormats>;
