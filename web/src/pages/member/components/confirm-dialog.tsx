import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';

export interface ConfirmDialogProps {
  visible: boolean;
  header: string;
  children: ReactNode;
  confirmLabel: string;
  /** The call is running: the confirm button spins and the dialog cannot be dismissed. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec section 5: money is moved only after the user confirmed the amount. */
export function ConfirmDialog({
  visible,
  header,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      visible={visible}
      header={header}
      onDismiss={() => {
        if (!busy) onCancel();
      }}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel} disabled={busy}>
              {t('members.member.confirm.cancel')}
            </Button>
            <Button variant="primary" onClick={onConfirm} loading={busy}>
              {confirmLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {children}
    </Modal>
  );
}
