import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ApiError } from '../../api/api-error.ts';
import { useContext } from 'react';
import { SessionContext } from '../../session/session-context.ts';
import { errorMessage } from './error-message.ts';
import { useSwitchableEnabler } from './other-enabler.ts';
import { SwitchEnablerButton } from './switch-enabler-button.tsx';

export interface ErrorModalProps {
  error: ApiError;
  onDismiss: () => void;
}

/**
 * The global error dialog's modal: title, message and OK, with the request's reference for an
 * administrator (who can look it up in the logs; a field agent cannot, issue 38). An administrator
 * refused a resource of another enabler is offered the switch to that enabler.
 */
export default function ErrorModal({ error, onDismiss }: ErrorModalProps) {
  const { t } = useTranslation();
  const other = useSwitchableEnabler(error);
  const session = useContext(SessionContext);
  const administrator = session?.status === 'signedIn' && session.session.user.role === 'ADMIN';
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      // Named here: the dialog can show on the login page, which loads no Cloudscape texts.
      closeAriaLabel={t('errorDialog.close')}
      header={t('errorDialog.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            {other && <SwitchEnablerButton enabler={other} />}
            <Button variant={other ? 'normal' : 'primary'} onClick={onDismiss}>
              {t('errorDialog.ok')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Box variant="p">{errorMessage(t, error)}</Box>
        {administrator && error.requestId && (
          <Box variant="small" color="text-body-secondary">
            {t('errorDialog.reference', { requestId: error.requestId })}
          </Box>
        )}
      </SpaceBetween>
    </Modal>
  );
}
