import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useDocumentTitle } from '../../common/browser/use-document-title.ts';
import { paths } from '../../navigation/paths.ts';

/**
 * Shown by the error boundary when a screen fails to render. No router hooks: it may show outside
 * the router, and a full reload of the home page is the safest way out.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const title = t('errorPage.title');
  useDocumentTitle(title);
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      <Container>
        <SpaceBetween size="m">
          <Box variant="p">{t('errorPage.message')}</Box>
          <Button href={paths.home}>{t('errorPage.home')}</Button>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
