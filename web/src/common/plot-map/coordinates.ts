import { fallbackLanguage, supportedLanguage } from '../../i18n/languages.ts';

/** A latitude or longitude in decimal degrees, written the way the language writes numbers. */
export const formatCoordinate = (value: number, language: string | undefined): string =>
  // Six decimals: about ten centimetres, finer than any GPS reading of a plot.
  new Intl.NumberFormat(supportedLanguage(language) ?? fallbackLanguage, {
    maximumFractionDigits: 6,
  }).format(value);
