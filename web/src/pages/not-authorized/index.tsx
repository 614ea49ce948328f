import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { paths } from '../../navigation/paths.ts';

/** Any address the signed-in role has no route for, including the administrator-only ones. */
export function NotAuthorizedPage() {
  const { t } = useTranslation();
  const follow = useFollow();
  const title = t('notAuthorized.title');
  useDocumentTitle(title);
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      <Container>
        <SpaceBetween size="m">
          <Box variant="p">{t('notAuthorized.message')}</Box>
          <Button href={paths.home} onFollow={follow}>
            {t('notAuthorized.home')}
          </Button>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
