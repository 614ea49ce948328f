import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useSignedInSession } from '../../session/session-context.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { paths } from '../../navigation/paths.ts';
import { homeOutline } from './heading.ts';

/** Banner of the enabler, a welcome, and the three most frequent tasks. */
export function HomePage() {
  const { t } = useTranslation();
  const follow = useFollow();
  const { user, enabler } = useSignedInSession();
  useDocumentTitle(t('screens.home'));

  return (
    <ContentLayout
      header={<Header variant="h1">{t(homeOutline.heading, { username: user.username })}</Header>}
    >
      <SpaceBetween size="l">
        {enabler?.banner && (
          <img
            className="home-banner"
            src={enabler.banner}
            alt={t(homeOutline.banner, { enabler: enabler.name })}
          />
        )}
        <Container>
          <SpaceBetween size="m">
            <Box variant="p">{t('home.intro')}</Box>
            <SpaceBetween direction="horizontal" size="s">
              <Button variant="primary" iconName="add-plus" href={paths.onboarding} onFollow={follow}>
                {t('home.addMember')}
              </Button>
              <Button href={paths.members} onFollow={follow}>
                {t('home.members')}
              </Button>
              <Button href={paths.dashboard} onFollow={follow}>
                {t('home.dashboard')}
              </Button>
            </SpaceBetween>
          </SpaceBetween>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
