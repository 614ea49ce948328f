import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the screen (and follows the language). */
export function useDocumentTitle(screenTitle: string): void {
  const { t } = useTranslation();
  const appTitle = t('app.title');
  useEffect(() => {
    document.title = screenTitle ? `${screenTitle} · ${appTitle}` : appTitle;
  }, [screenTitle, appTitle]);
}
