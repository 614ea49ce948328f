import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavedNotice } from '../../common/ui/saved-notice.tsx';
import { useEnablers } from '../../api/enablers-queries.ts';
import { deleteEnabler, type AdminEnabler } from '../../api/enablers.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useWrite } from '../../api/use-write.ts';
import { useSignedInSession } from '../../session/session-context.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { CampaignsDialog } from './components/campaigns-dialog.tsx';
import { DeleteEnablerDialog } from './components/delete-enabler-dialog.tsx';
import { EnablersTable } from './components/enablers-table.tsx';

/** Every enabler, with its images and latest config; add, edit, configs, campaigns and delete. */
export function AdminEnablersPage() {
  const { t } = useTranslation();
  const saved = useSavedNotice();
  const { refreshEnablers } = useSignedInSession();
  useDocumentTitle(t('screens.adminEnablers'));
  // A failure is shown by the error dialog; the table stays as it was.
  const enablers = useEnablers();
  const remove = useWrite((enabler: AdminEnabler) => deleteEnabler(enabler.id), [queryKeys.enablers.all]);
  const [toDelete, setToDelete] = useState<AdminEnabler | null>(null);
  const [campaignsOf, setCampaignsOf] = useState<AdminEnabler | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete);
      // The selector of the top bar must not offer it any more.
      void refreshEnablers().catch(() => undefined);
    } catch {
      // A refusal (members or users left) is shown by the error dialog.
    }
    setToDelete(null);
  };

  return (
    <>
      {saved}
      <EnablersTable
        enablers={enablers.data ?? []}
        loading={enablers.isFetching}
        onDelete={setToDelete}
        onShowCampaigns={setCampaignsOf}
      />
      <DeleteEnablerDialog
        enabler={toDelete}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
      <CampaignsDialog enabler={campaignsOf} onClose={() => setCampaignsOf(null)} />
    </>
  );
}
