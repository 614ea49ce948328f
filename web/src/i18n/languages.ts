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
