import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { AdminEnabler } from '../../../api/enablers.ts';
import { ConfirmDialog } from '../../../common/ui/confirm-dialog.tsx';

export interface DeleteEnablerDialogProps {
  /** The enabler to delete; null keeps the dialog closed. */
  enabler: AdminEnabler | null;
  /** The call is running: the button spins and the dialog cannot be dismissed. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec section 5: an enabler is deleted only after a confirmation. */
export function DeleteEnablerDialog({ enabler, busy, onConfirm, onCancel }: DeleteEnablerDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={enabler !== null}
      header={t('enablers.delete.title')}
      confirmLabel={t('enablers.delete.confirm')}
      cancelLabel={t('enablers.delete.cancel')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {enabler && (
        <SpaceBetween size="s">
          <Box variant="p">{t('enablers.delete.message', { name: enabler.name })}</Box>
          <Box variant="p" color="text-body-secondary">
            {t('enablers.delete.consequence')}
          </Box>
        </SpaceBetween>
      )}
    </ConfirmDialog>
  );
}
