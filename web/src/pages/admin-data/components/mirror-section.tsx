import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { MirrorStatus } from '@cpbo/schemas/operations.ts';
import { useMirrorJob } from '../../../api/operations-queries.ts';
import { startMirrorRefresh } from '../../../api/operations.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { ConfirmDialog } from '../../../common/ui/confirm-dialog.tsx';
import { formatDateTime } from '../../../common/format/format.ts';
import { Section } from '../../../common/ui/section.tsx';
import { readAgain } from '../../../api/read-again.ts';

const indicatorOf: Record<MirrorStatus, StatusIndicatorProps.Type> = {
  NOT_EXECUTED: 'stopped',
  PROCESSING: 'in-progress',
  DONE: 'success',
  FAILED: 'error',
};

/**
 * Spec section 2, Data: the mirror environment's status (fetched on load, and again on demand or
 * while a refresh runs) and its refresh, started after a confirmation, then the status fetched again.
 */
export function MirrorSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const job = useMirrorJob();
  const trigger = useMutation({
    mutationFn: () => startMirrorRefresh(),
    // Read again after a refusal too: another administrator's refresh is under way.
    onSettled: () => readAgain(queryClient, [queryKeys.mirror]),
  });
  const status = job.data?.status;
  const processing = status === 'PROCESSING';

  const confirm = async () => {
    try {
      await trigger.mutateAsync();
    } catch {
      // The error dialog tells why (ERR_MIRROR_IN_PROGRESS).
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section aria-label={t('mirror.title')}>
      <Section
        title={t('mirror.title')}
        description={t('mirror.description')}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              iconName="refresh"
              ariaLabel={t('mirror.refreshStatus')}
              loading={job.isFetching}
              onClick={() => void job.refetch()}
            />
            <Button disabled={!job.data || processing} onClick={() => setConfirming(true)}>
              {t('mirror.trigger')}
            </Button>
          </SpaceBetween>
        }
      >
        <ColumnLayout columns={2} variant="text-grid">
          <div>
            <Box variant="awsui-key-label">{t('mirror.status')}</Box>
            {status ? (
              <StatusIndicator type={indicatorOf[status]}>{t(`mirror.statuses.${status}`)}</StatusIndicator>
            ) : (
              <StatusIndicator type="loading">{t('app.loading')}</StatusIndicator>
            )}
          </div>
          <div>
            <Box variant="awsui-key-label">{t('mirror.lastExecution')}</Box>
            <div>
              {job.data?.lastExecutionDate ? formatDateTime(job.data.lastExecutionDate) : t('mirror.never')}
            </div>
          </div>
        </ColumnLayout>
        <ConfirmDialog
          visible={confirming}
          header={t('mirror.confirm.title')}
          confirmLabel={t('mirror.confirm.confirm')}
          cancelLabel={t('mirror.confirm.cancel')}
          busy={trigger.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          {t('mirror.confirm.message')}
        </ConfirmDialog>
      </Section>
    </section>
  );
}
