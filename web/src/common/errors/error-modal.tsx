import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ApiError } from '../../api/api-error.ts';
import { errorMessage } from './error-message.ts';

export interface ErrorModalProps {
  error: ApiError;
  onDismiss: () => void;
}

/** The global error dialog's modal: title, message, the request's reference and OK. */
export default function ErrorModal({ error, onDismiss }: ErrorModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      header={t('errorDialog.title')}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            {t('errorDialog.ok')}
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Box variant="p">{errorMessage(t, error)}</Box>
        {error.requestId && (
          <Box variant="small" color="text-body-secondary">
            {t('errorDialog.reference', { requestId: error.requestId })}
          </Box>
        )}
      </SpaceBetween>
    </Modal>
  );
}
