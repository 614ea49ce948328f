import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ConfirmDialog } from '../../../common/ui/confirm-dialog.tsx';

export interface DiscardDialogProps {
  /** How many writes go with it (they name the member or plot it would have created). */
  dependants: number;
  onDiscard: () => Promise<void>;
  onCancel: () => void;
}

/** Asks before a write leaves the device for good. */
export function DiscardDialog({ dependants, onDiscard, onCancel }: DiscardDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      visible
      header={t('offline.discard.title')}
      confirmLabel={t('offline.discard.confirm')}
      cancelLabel={t('offline.discard.cancel')}
      busy={busy}
      onConfirm={() => {
        setBusy(true);
        void onDiscard().finally(() => setBusy(false));
      }}
      onCancel={onCancel}
    >
      <SpaceBetween size="xs">
        <Box variant="p">{t('offline.discard.message')}</Box>
        {dependants > 0 && <Box variant="p">{t('offline.discard.dependants', { count: dependants })}</Box>}
      </SpaceBetween>
    </ConfirmDialog>
  );
}
