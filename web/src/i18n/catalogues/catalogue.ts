import type { I18nProviderProps } from '@cloudscape-design/components/i18n';

/** One language's texts: the app's (src/i18n/<language>.json) and Cloudscape's own labels. */
export interface Catalogue {
  app: Record<string, unknown>;
  cloudscape: I18nProviderProps.Messages;
}
