import { fallbackLanguage, supportedLanguage, type Language } from '../../i18n/languages.ts';

/** A date as the API sends it: ISO text, epoch milliseconds or a Date. */
export type DateInput = Date | string | number;

const pad = (value: number) => String(value).padStart(2, '0');

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The Date of an API value. A day ('YYYY-MM-DD') is read in the browser's time zone: read as UTC
 * midnight (what new Date does with it) it would show the day before west of Greenwich.
 */
export const toDate = (value: DateInput | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const day = typeof value === 'string' ? dayPattern.exec(value) : null;
  if (day) {
    const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
    const date = new Date(year, month, dayOfMonth);
    // new Date rolls 2024-13-45 over into 2025; such a day does not exist.
    return date.getMonth() === month && date.getDate() === dayOfMonth ? date : null;
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Unix seconds (what the API takes for dates in forms) to a Date. */
export const fromUnixSeconds = (seconds: number): Date => new Date(seconds * 1000);

/** DD/MM/YYYY in the browser's time zone; '' for a missing or invalid date. */
export function formatDate(value: DateInput | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** DD/MM/YYYY HH:mm (24-hour clock) in the browser's time zone; '' for a missing or invalid date. */
export function formatDateTime(value: DateInput | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** MM/YYYY, as campaigns show their reporting date. */
export function formatMonth(value: DateInput | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

const localeOf = (language: string): Language => supportedLanguage(language) ?? fallbackLanguage;

// Building an Intl.NumberFormat costs far more than using one (locale data is resolved each time), and a
// table page formats two amounts per row: one formatter per language and options, built on first use.
const numberFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (locale: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
};

/**
 * An amount in the enabler's currency (ISO 4217 code) written the way the language writes money:
 * en '₹1,234.50', fr '1 234,50 ₹'. An unknown currency code falls back to the plain number and code.
 */
export function formatAmount(
  amount: number | null | undefined,
  currency: string | null | undefined,
  language: string,
): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  const locale = localeOf(language);
  if (currency) {
    try {
      return numberFormat(locale, { style: 'currency', currency }).format(amount);
    } catch {
      // RangeError: not an ISO currency code (a configuration typo must not break the page).
      return `${formatNumber(amount, language)} ${currency}`;
    }
  }
  return formatNumber(amount, language);
}

/** A number with the language's separators (en 1,234.5; fr 1 234,5), two decimals at most unless told. */
export function formatNumber(
  value: number | null | undefined,
  language: string,
  maximumFractionDigits = 2,
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return numberFormat(localeOf(language), { maximumFractionDigits }).format(value);
}

/** A number written short, for a chart's axis: en 12K, 1.5M; fr 12 k, 1,5 M. */
export function formatCompactNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { notation: 'compact', maximumFractionDigits: 1 }).format(
    value,
  );
}

/** An amount written short in the enabler's currency, for a chart's axis: en ₹12K; fr 12 k ₹. */
export function formatCompactAmount(
  amount: number,
  currency: string | null | undefined,
  language: string,
): string {
  if (currency) {
    try {
      return new Intl.NumberFormat(localeOf(language), {
        style: 'currency',
        currency,
        notation: 'compact',
        maximumFractionDigits: 1,
      }).format(amount);
    } catch {
      // Not an ISO currency code: the short number and the code, as formatAmount does.
      return `${formatCompactNumber(amount, language)} ${currency}`;
    }
  }
  return formatCompactNumber(amount, language);
}
