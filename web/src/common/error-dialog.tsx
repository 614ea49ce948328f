import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ApiError } from '../api/api-error.ts';
import { subscribeToErrors } from '../api/error-bus.ts';
import { errorMessage } from './error-message.ts';

/** Shows, one at a time, the API errors that no screen handled itself. */
export function ErrorDialog() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<ApiError[]>([]);

  useEffect(
    () =>
      subscribeToErrors((error) => {
        setPending((errors) => [...errors, error]);
      }),
    [],
  );

  const [current] = pending;
  const dismiss = () => setPending((errors) => errors.slice(1));

  // A hidden Cloudscape modal still renders all of itself (portal, focus lock, header, footer) on every
  // screen's first render: it is there only while an error waits.
  if (current === undefined) return null;
  return (
    <Modal
      visible
      onDismiss={dismiss}
      header={t('errorDialog.title')}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={dismiss}>
            {t('errorDialog.ok')}
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Box variant="p">{errorMessage(t, current)}</Box>
        {current.requestId && (
          <Box variant="small" color="text-body-secondary">
            {t('errorDialog.reference', { requestId: current.requestId })}
          </Box>
        )}
      </SpaceBetween>
    </Modal>
  );
}
