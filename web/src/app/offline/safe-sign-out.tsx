import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useOutboxRecord } from '../../api/offline/field-queries.ts';
import { loadOfflineTexts } from '../../common/offline/offline-texts.ts';
import { ConfirmDialog } from '../../common/ui/confirm-dialog.tsx';
import { useSignedInSession } from '../../session/session-context.ts';
import { useFieldDevice } from './field-offline.tsx';

type SignOut = 'logout' | 'logoutFromEverywhere';

/**
 * Signing out on a shared phone: with writes the server has not recorded, the agent is warned and asked
 * first; the device forgets the session's reads, queue and kept session only once the agent answered.
 */
export function useSafeSignOut() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const device = useFieldDevice();
  const { writes } = useOutboxRecord();
  const [asking, setAsking] = useState<SignOut | null>(null);
  const [busy, setBusy] = useState(false);

  const signOut = async (kind: SignOut) => {
    // Logout from everywhere must reach the server first: a failure keeps the session and what it keeps.
    if (kind === 'logoutFromEverywhere') {
      await session.logoutFromEverywhere();
      await device?.forget();
    } else {
      await device?.forget();
      await session.logout();
    }
  };

  const request = (kind: SignOut) => {
    if (!device || writes.length === 0) {
      signOut(kind).catch(() => undefined);
      return;
    }
    void loadOfflineTexts().then(() => setAsking(kind));
  };

  const dialog = asking && (
    <ConfirmDialog
      visible
      header={t('offline.signOut.title')}
      confirmLabel={t('offline.signOut.confirm')}
      cancelLabel={t('offline.signOut.cancel')}
      busy={busy}
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        setBusy(true);
        signOut(asking)
          .catch(() => undefined)
          .finally(() => {
            setBusy(false);
            setAsking(null);
          });
      }}
    >
      <SpaceBetween size="xs">
        <Box variant="p">{t('offline.signOut.message', { count: writes.length })}</Box>
        <Box variant="p">{t('offline.signOut.hint')}</Box>
      </SpaceBetween>
    </ConfirmDialog>
  );

  return { request, dialog };
}
