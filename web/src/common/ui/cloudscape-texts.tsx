import { use, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { I18nProvider } from '@cloudscape-design/components/i18n';
import { loadCloudscapeMessages } from '../../i18n/catalogue-loader.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { rememberResolvedLocales } from './message-locales.ts';

rememberResolvedLocales();

/**
 * Cloudscape's own texts (close buttons, loading labels…) in the app's language, for what it wraps: the
 * signed-in frame, and the signed-out screens and dialogs but the login page (which names its few
 * labels itself and so loads neither the provider nor the messages). Suspends until they are here.
 */
export function CloudscapeTexts({ children }: { children: ReactNode }) {
  // Renders again on a language change; i18next has the new language's catalogue by then.
  useTranslation();
  const language = currentLanguage();
  const messages = loadCloudscapeMessages.loaded(language) ?? use(loadCloudscapeMessages(language));
  // Cloudscape's provider merges every message and gives every component a new formatter each time it renders:
  // it renders again only when the language (or what it wraps) changes.
  return useMemo(
    () => (
      <I18nProvider locale={language} messages={[messages]}>
        {children}
      </I18nProvider>
    ),
    [language, messages, children],
  );
}
