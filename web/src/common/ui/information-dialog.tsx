import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal, { type ModalProps } from '@cloudscape-design/components/modal';

export interface InformationDialogProps {
  visible: boolean;
  header: string;
  closeLabel: string;
  size?: ModalProps.Size;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog that only shows something: its one button closes it, as Escape and the cross do. */
export function InformationDialog({
  visible,
  header,
  closeLabel,
  size,
  onClose,
  children,
}: InformationDialogProps) {
  return (
    <Modal
      visible={visible}
      size={size}
      header={header}
      onDismiss={onClose}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose}>
            {closeLabel}
          </Button>
        </Box>
      }
    >
      {children}
    </Modal>
  );
}
