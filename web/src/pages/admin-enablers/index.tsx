import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteEnabler, listEnablers, type AdminEnabler } from '../../api/enablers.ts';
import { useSignedInSession } from '../../app/session/session-context.ts';
import { useDocumentTitle } from '../../common/use-document-title.ts';
import { CampaignsDialog } from './components/campaigns-dialog.tsx';
import { DeleteEnablerDialog } from './components/delete-enabler-dialog.tsx';
import { EnablersTable } from './components/enablers-table.tsx';

/** Every enabler, with its images and latest config; add, edit, configs, campaigns and delete. */
export function AdminEnablersPage() {
  const { t } = useTranslation();
  const { refreshEnablers } = useSignedInSession();
  useDocumentTitle(t('screens.adminEnablers'));
  const [enablers, setEnablers] = useState<AdminEnabler[]>([]);
  const [loading, setLoading] = useState(true);
  // Raised to load the list again (after a deletion).
  const [listVersion, setListVersion] = useState(0);
  const [toDelete, setToDelete] = useState<AdminEnabler | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [campaignsOf, setCampaignsOf] = useState<AdminEnabler | null>(null);

  useEffect(() => {
    let current = true;
    listEnablers()
      .then((list) => current && setEnablers(list))
      // Shown by the error dialog; the table stays as it was.
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [listVersion]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteEnabler(toDelete.id);
      // The selector of the top bar must not offer it any more.
      void refreshEnablers().catch(() => undefined);
    } catch {
      // A refusal (members or users left) is shown by the error dialog.
    }
    setDeleting(false);
    setToDelete(null);
    setLoading(true);
    setListVersion((version) => version + 1);
  };

  return (
    <>
      <EnablersTable
        enablers={enablers}
        loading={loading}
        onDelete={setToDelete}
        onShowCampaigns={setCampaignsOf}
      />
      <DeleteEnablerDialog
        enabler={toDelete}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
      <CampaignsDialog enabler={campaignsOf} onClose={() => setCampaignsOf(null)} />
    </>
  );
}
