export const languages = ['en', 'fr'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** 'fr-CA' → 'fr'; anything unsupported → undefined. */
export const supportedLanguage = (tag: string | null | undefined): Language | undefined => {
  const prefix = tag?.toLowerCase().split('-')[0];
  return isLanguage(prefix) ? prefix : undefined;
};

/**
 * The language menus' accessible name: "Langue: Français, FR". It holds the code a phone's width shows
 * instead of the name (app.css), so that what is seen is part of what is said (WCAG 2.5.3); not in
 * parentheses, which axe's check leaves out.
 */
export const languageMenuLabel = (t: (key: string) => string, language: Language): string =>
  `${t('language.label')}: ${t(`language.${language}`)}, ${language.toUpperCase()}`;
