import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { AdminEnabler } from '../../../api/enablers.ts';

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
    <Modal
      visible={enabler !== null}
      header={t('enablers.delete.title')}
      onDismiss={() => {
        if (!busy) onCancel();
      }}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel} disabled={busy}>
              {t('enablers.delete.cancel')}
            </Button>
            <Button variant="primary" onClick={onConfirm} loading={busy}>
              {t('enablers.delete.confirm')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {enabler && (
        <SpaceBetween size="s">
          <Box variant="p">{t('enablers.delete.message', { name: enabler.name })}</Box>
          <Box variant="p" color="text-body-secondary">
            {t('enablers.delete.consequence')}
          </Box>
        </SpaceBetween>
      )}
    </Modal>
  );
}
