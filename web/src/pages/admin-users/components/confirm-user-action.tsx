import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';

export interface ConfirmUserActionProps {
  visible: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** While the call runs: the confirm button spins and the dialog stays. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action on a user that cannot be undone from this screen (delete, forced renewal). */
export function ConfirmUserAction({
  visible,
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmUserActionProps) {
  const { t } = useTranslation();
  return (
    <Modal
      visible={visible}
      onDismiss={() => {
        if (!busy) onCancel();
      }}
      header={title}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel} disabled={busy}>
              {t('adminUsers.cancel')}
            </Button>
            <Button variant="primary" onClick={onConfirm} loading={busy}>
              {confirmLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {message}
    </Modal>
  );
}
