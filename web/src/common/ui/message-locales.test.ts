import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it, vi } from 'vitest';
import { rememberResolvedLocales } from './message-locales.ts';

describe('the locales of Cloudscape’s messages', () => {
  it('should be resolved once per language, and format as before', () => {
    const supported = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    rememberResolvedLocales();
    rememberResolvedLocales();
    const before = supported.mock.calls.length;

    const messages = ['Close', 'Fermer', 'Close'].map((text, index) =>
      new IntlMessageFormat(text, index === 1 ? 'fr' : 'en').format(),
    );

    expect(messages).toEqual(['Close', 'Fermer', 'Close']);
    expect(new IntlMessageFormat('{count} items', 'en').format({ count: 2 })).toBe('2 items');
    expect(new IntlMessageFormat('x', 'fr').resolvedOptions().locale).toBe('fr');
    // English and French: at most one look each, whatever the number of messages.
    expect(supported.mock.calls.length - before).toBeLessThanOrEqual(2);
  });
});
