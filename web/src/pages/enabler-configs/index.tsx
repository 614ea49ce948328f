import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { currentLanguage } from '../../i18n/index.ts';
import { TableEmptyState } from '../../common/ui/table-states.tsx';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { configColumns } from './components/config-columns.tsx';
import { useEnablerConfigs } from '../../api/enablers-queries.ts';
import { paths } from '../../navigation/paths.ts';

/** The versions of one enabler's config, newest first, with a way back and a way to upload the next one. */
export function EnablerConfigsPage() {
  const { t } = useTranslation();
  const follow = useFollow();
  const { id = '' } = useParams();
  const loaded = useEnablerConfigs(id);
  useDocumentTitle(t('screens.enablerConfigs'));
  const uploadButton = (
    <Button variant="primary" iconName="upload" href={paths.newEnablerConfig(id)} onFollow={follow}>
      {t('enablers.configs.upload')}
    </Button>
  );

  return (
    <Table
      variant="full-page"
      trackBy="_id"
      items={loaded.status === 'loaded' ? loaded.configs : []}
      loading={loaded.status === 'loading'}
      loadingText={t('enablers.configs.loading')}
      columnDefinitions={configColumns(t, { enablerId: id, language: currentLanguage(), follow })}
      wrapLines
      ariaLabels={{ tableLabel: t('screens.enablerConfigs') }}
      header={
        <Header
          variant="awsui-h1-sticky"
          counter={loaded.status === 'loaded' ? `(${loaded.configs.length})` : undefined}
          description={t('enablers.configs.description')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button iconName="arrow-left" href={paths.adminEnablers} onFollow={follow}>
                {t('enablers.backToList')}
              </Button>
              {loaded.status === 'loaded' && uploadButton}
            </SpaceBetween>
          }
        >
          {loaded.status === 'loaded'
            ? t('enablers.configs.title', { name: loaded.enabler.name })
            : t('screens.enablerConfigs')}
        </Header>
      }
      empty={
        loaded.status === 'missing' ? (
          <TableEmptyState title={t('enablers.notFound')} />
        ) : (
          <TableEmptyState title={t('enablers.configs.empty')} action={uploadButton} />
        )
      }
    />
  );
}
