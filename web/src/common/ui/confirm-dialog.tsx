import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';

export interface ConfirmDialogProps {
  visible: boolean;
  header: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The call is running: the confirm button spins and the dialog cannot be dismissed. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec section 5: the confirmation asked before moving money or before an action that cannot be undone. */
export function ConfirmDialog({
  visible,
  header,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  // Mounted only when shown: a hidden modal still costs its whole tree on the screen's first draw.
  if (!visible) return null;
  return (
    <Modal
      visible
      header={header}
      onDismiss={() => {
        if (!busy) onCancel();
      }}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel} disabled={busy}>
              {cancelLabel}
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
