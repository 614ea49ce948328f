import { useTranslation } from 'react-i18next';
import { useSavedNotice } from '../../common/ui/saved-notice.tsx';
import { useParams } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { LoadState } from '../../common/ui/load-state.tsx';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { useEnablerConfigs } from '../../api/enablers-queries.ts';
import { ConfigDetails } from './components/config-details.tsx';
import { saveJsonFile } from '../../browser/save-json-file.ts';
import { configFileFields } from '@cpbo/schemas/enabler-config-rules.ts';
import { configFileName } from './config-file.ts';
import { paths } from '../../navigation/paths.ts';

/** One config version: all its fields, and a download of the file that was uploaded. */
export function EnablerConfigPage() {
  const { t } = useTranslation();
  const saved = useSavedNotice();
  const follow = useFollow();
  const { enablerId = '', configId } = useParams();
  const loaded = useEnablerConfigs(enablerId);
  useDocumentTitle(t('screens.enablerConfig'));
  const config = loaded.status === 'loaded' ? loaded.configs.find(({ _id }) => _id === configId) : undefined;
  const backButton = (
    <Button iconName="arrow-left" href={paths.enablerConfigs(enablerId)} onFollow={follow}>
      {t('enablers.config.back')}
    </Button>
  );

  if (loaded.status === 'loaded' && config) {
    const download = () =>
      saveJsonFile(configFileName(loaded.enabler.name, config.version), configFileFields(config));
    return (
      <ContentLayout
        notifications={saved}
        header={
          <Header
            variant="h1"
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                {backButton}
                <Button variant="primary" iconName="download" onClick={download}>
                  {t('enablers.config.download')}
                </Button>
              </SpaceBetween>
            }
          >
            {t('enablers.config.title', { name: loaded.enabler.name, version: config.version })}
          </Header>
        }
      >
        <SpaceBetween size="l">
          <ConfigDetails config={config} />
        </SpaceBetween>
      </ContentLayout>
    );
  }

  return (
    <ContentLayout header={<Header variant="h1">{t('screens.enablerConfig')}</Header>}>
      <Container>
        {loaded.status === 'loading' ? (
          <LoadState status="loading" text={t('app.loading')} />
        ) : (
          <LoadState
            status="notFound"
            text={loaded.status === 'missing' ? t('enablers.notFound') : t('enablers.config.notFound')}
            action={
              loaded.status === 'missing' ? (
                <Button href={paths.adminEnablers} onFollow={follow}>
                  {t('enablers.backToList')}
                </Button>
              ) : (
                backButton
              )
            }
          />
        )}
      </Container>
    </ContentLayout>
  );
}
