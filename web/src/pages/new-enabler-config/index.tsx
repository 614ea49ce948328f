import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useEnablerConfigs } from '../../api/enablers-queries.ts';
import { addEnablerConfig } from '../../api/enablers.ts';
import { EnablerLoadState } from '../../common/enablers/enabler-load-state.tsx';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useEnablerWrite } from '../../common/enablers/use-enabler-write.ts';
import { ConfigUploadForm } from './components/config-upload-form.tsx';
import { paths } from '../../navigation/paths.ts';

/** Uploads the next config version of an enabler, then shows it. */
export function NewEnablerConfigPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const loaded = useEnablerConfigs(id);
  const upload = useEnablerWrite(
    (config: unknown) => addEnablerConfig(id, config, { errors: 'caller' }),
    (created) => paths.enablerConfig(id, created._id),
    (created) => t('adminForm.saved.config', { version: created.version }),
  );
  useDocumentTitle(t('screens.newEnablerConfig'));

  if (loaded.status === 'loaded') {
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
      <EnablerLoadState loading={loaded.status === 'loading'} />
    </ContentLayout>
  );
}
