import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { createEnabler, updateEnabler, type AdminEnabler, type EnablerProfile } from '../../api/enablers.ts';
import { useEnablers } from '../../api/enablers-queries.ts';
import { EnablerLoadState } from '../../common/enablers/enabler-load-state.tsx';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useEnablerWrite } from '../../common/enablers/use-enabler-write.ts';
import { EnablerForm } from './components/enabler-form.tsx';
import { paths } from '../../navigation/paths.ts';

/** /NewEnabler and /UpdateEnabler/:id: saving goes back to the enabler list. */
export function EnablerFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  // There is no GET of one enabler: it is found in the list. A failure is shown by the error dialog.
  const enablers = useEnablers({ enabled: id !== undefined });
  const save = useEnablerWrite(
    (profile: EnablerProfile) =>
      id === undefined
        ? createEnabler(profile, { errors: 'caller' })
        : updateEnabler(id, profile, { errors: 'caller' }),
    () => paths.adminEnablers,
    (saved) => t('adminForm.saved.enabler', { name: saved.name }),
  );
  useDocumentTitle(t(id === undefined ? 'screens.newEnabler' : 'screens.updateEnabler'));

  const form = (enabler: AdminEnabler | null) => (
    <EnablerForm
      key={enabler?.id ?? 'new'}
      enabler={enabler}
      onSave={save}
      onCancel={() => navigate(paths.adminEnablers)}
    />
  );

  if (id === undefined) return form(null);
  const enabler = enablers.data?.find((candidate) => candidate.id === id);
  if (enabler) return form(enabler);
  return <EnablerLoadState loading={enablers.isPending} />;
}
