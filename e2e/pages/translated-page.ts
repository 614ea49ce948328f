import type { Page } from 'playwright-core';

export type Language = 'en' | 'fr';

/**
 * The base of a page object that finds the screen's parts by their texts: it keeps the page and the
 * texts of the language the test reads the screen in, so each screen only declares its texts table.
 * A function answering a class, because the texts' type is each screen's own.
 */
export function TranslatedPage<Texts>(textsByLanguage: Record<Language, Texts>) {
  return class {
    protected texts: Texts;

    constructor(
      protected readonly page: Page,
      language: Language = 'en',
    ) {
      this.texts = textsByLanguage[language];
    }

    /** From now on reads the screen in this language (the user chose it in the screen). */
    protected readIn(language: Language): void {
      this.texts = textsByLanguage[language];
    }
  };
}
