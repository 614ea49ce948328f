import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { screenTitleKey, type ScreenId } from '../../navigation/screens.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { paths } from '../../navigation/paths.ts';

/** Stands for every screen of the route table that is not built yet, so its address already works. */
export function NotAvailablePage({ screen }: { screen: ScreenId }) {
  const { t } = useTranslation();
  const follow = useFollow();
  const title = t(screenTitleKey(screen));
  useDocumentTitle(title);
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      <Container>
        <SpaceBetween size="m">
          <Box variant="p">{t('notAvailable.message')}</Box>
          <Button href={paths.home} onFollow={follow}>
            {t('notAvailable.home')}
          </Button>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
