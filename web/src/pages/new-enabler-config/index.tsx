import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { addEnablerConfig } from '../../api/enablers.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useWrite } from '../../api/use-write.ts';
import { useSignedInSession } from '../../app/session/session-context.ts';
import { LoadState } from '../../common/load-state.tsx';
import { useDocumentTitle } from '../../common/use-document-title.ts';
import { useFollow } from '../../common/use-follow.ts';
import { useEnablerConfigs } from '../../common/use-enabler-configs.ts';
import { ConfigUploadForm } from './components/config-upload-form.tsx';
import { paths } from '../../app/paths.ts';

/** Uploads the next config version of an enabler, then shows it. */
export function NewEnablerConfigPage() {
  const { t } = useTranslation();
  const follow = useFollow();
  const navigate = useNavigate();
  const { refreshEnablers } = useSignedInSession();
  const { id = '' } = useParams();
  const loaded = useEnablerConfigs(id);
  const add = useWrite(
    (config: unknown) => addEnablerConfig(id, config, { errors: 'caller' }),
    [queryKeys.enablers.all],
  );
  useDocumentTitle(t('screens.newEnablerConfig'));

  if (loaded.status === 'loaded') {
    const upload = async (config: unknown) => {
      const created = await add.mutateAsync(config);
      // An enabler's first config makes it selectable in the top bar.
      void refreshEnablers().catch(() => undefined);
      navigate(paths.enablerConfig(id, created._id));
    };
    return (
      <ConfigUploadForm
        enabler={loaded.enabler}
        nextVersion={(loaded.configs[0]?.version ?? 0) + 1}
        onUpload={upload}
        onCancel={() => navigate(paths.enablerConfigs(id))}
      />
    );
  }

  return (
    <ContentLayout header={<Header variant="h1">{t('screens.newEnablerConfig')}</Header>}>
      <Container>
        {loaded.status === 'loading' ? (
          <LoadState status="loading" text={t('app.loading')} />
        ) : (
          <LoadState
            status="notFound"
            text={t('enablers.notFound')}
            action={
              <Button href={paths.adminEnablers} onFollow={follow}>
                {t('enablers.backToList')}
              </Button>
            }
          />
        )}
      </Container>
    </ContentLayout>
  );
}
