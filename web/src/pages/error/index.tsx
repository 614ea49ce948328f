import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { Panel } from '../../common/ui/panel.tsx';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { paths } from '../../navigation/paths.ts';

/**
 * Shown by the error boundary when a screen fails to render. No router hooks: it may show outside
 * the router, and a full reload of the home page is the safest way out. Every first screen carries it:
 * plain panels rather than Cloudscape's layout and container.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const title = t('errorPage.title');
  useDocumentTitle(title);
  return (
    <SpaceBetween size="l">
      <Header variant="h1">{title}</Header>
      <Panel>
        <SpaceBetween size="m">
          <Box variant="p">{t('errorPage.message')}</Box>
          <Button href={paths.home}>{t('errorPage.home')}</Button>
        </SpaceBetween>
      </Panel>
    </SpaceBetween>
  );
}
