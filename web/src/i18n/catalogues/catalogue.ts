import type { I18nProviderProps } from '@cloudscape-design/components/i18n';

/** One language's texts of the app (src/i18n/<language>.json). */
export interface Catalogue {
  app: Record<string, unknown>;
}

/** Cloudscape's own labels in one language (close buttons, loading labels…), for its I18nProvider. */
export type CloudscapeMessages = I18nProviderProps.Messages;
