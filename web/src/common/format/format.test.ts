import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCompactAmount,
  formatCompactNumber,
  formatDate,
  formatDateTime,
  formatMonth,
  formatNumber,
  fromUnixSeconds,
} from './format.ts';

// Intl separates French thousands with a narrow no-break space and puts a no-break space before the
// currency sign; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDate', () => {
  it('should write DD/MM/YYYY with leading zeros', () => {
    expect(formatDate(new Date(2024, 0, 5, 23, 59))).toBe('05/01/2024');
  });

  it('should read ISO text and epoch milliseconds', () => {
    const local = new Date(2023, 11, 31, 8, 0);
    expect(formatDate(local.toISOString())).toBe('31/12/2023');
    expect(formatDate(local.getTime())).toBe('31/12/2023');
  });

  it('should give an empty text for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('should write DD/MM/YYYY HH:mm on a 24-hour clock', () => {
    expect(formatDateTime(new Date(2024, 6, 14, 15, 7, 59))).toBe('14/07/2024 15:07');
    expect(formatDateTime(new Date(2024, 6, 14, 0, 0))).toBe('14/07/2024 00:00');
  });

  it('should give an empty text for an invalid date', () => {
    expect(formatDateTime('2024-13-45')).toBe('');
  });
});

describe('formatMonth and fromUnixSeconds', () => {
  it('should write MM/YYYY', () => {
    expect(formatMonth(new Date(2025, 2, 31))).toBe('03/2025');
  });

  it('should read unix seconds', () => {
    expect(fromUnixSeconds(1_700_000_000).getTime()).toBe(1_700_000_000_000);
  });
});

describe('formatAmount', () => {
  it('should follow English conventions', () => {
    expect(formatAmount(1234.5, 'EUR', 'en')).toBe('€1,234.50');
    expect(formatAmount(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
  });

  it('should follow French conventions', () => {
    expect(plain(formatAmount(1234.5, 'EUR', 'fr'))).toBe('1 234,50 €');
    expect(plain(formatAmount(-20, 'EUR', 'fr-FR'))).toBe('-20,00 €');
  });

  it('should use the currency of the enabler, not of the language', () => {
    expect(formatAmount(1000, 'INR', 'en')).toBe('₹1,000.00');
    expect(plain(formatAmount(1000, 'XOF', 'fr'))).toBe('1 000 F CFA');
  });

  it('should fall back to English for an unknown language', () => {
    expect(formatAmount(5, 'EUR', 'de')).toBe('€5.00');
  });

  it('should survive a currency code that is not one', () => {
    expect(formatAmount(12.5, 'EURO', 'en')).toBe('12.5 EURO');
  });

  it('should write a plain number without a currency, and nothing without an amount', () => {
    expect(formatAmount(1234.567, null, 'en')).toBe('1,234.57');
    expect(formatAmount(null, 'EUR', 'en')).toBe('');
    expect(formatAmount(Number.NaN, 'EUR', 'fr')).toBe('');
  });
});

describe('formatNumber', () => {
  it('should use the separators of the language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(plain(formatNumber(1234.5, 'fr'))).toBe('1 234,5');
  });

  it('should keep two decimals at most unless told more', () => {
    expect(formatNumber(0.4567, 'en')).toBe('0.46');
    expect(plain(formatNumber(0.4567, 'fr', 4))).toBe('0,4567');
  });
});

describe('compact figures (chart axes)', () => {
  it('should write large numbers short, the way the language does', () => {
    expect(formatCompactNumber(12_345, 'en')).toBe('12.3K');
    expect(plain(formatCompactNumber(12_345, 'fr'))).toBe('12,3 k');
    expect(formatCompactNumber(40, 'fr')).toBe('40');
  });

  it('should write amounts short in the currency, and survive a code that is not one', () => {
    expect(formatCompactAmount(12_345, 'INR', 'en')).toBe('₹12.3K');
    expect(plain(formatCompactAmount(1_500_000, 'XOF', 'fr'))).toBe('1,5 M F CFA');
    expect(formatCompactAmount(2_000, 'EURO', 'en')).toBe('2K EURO');
    expect(formatCompactAmount(2_000, null, 'en')).toBe('2K');
  });
});

describe('days', () => {
  it('show the same calendar day in every time zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Lima';
    try {
      expect(formatDate('2026-11-21')).toBe('21/11/2026');
      expect(formatMonth('2026-11-01')).toBe('11/2026');
    } finally {
      process.env.TZ = zone;
    }
  });
});
