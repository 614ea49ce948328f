import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRebuildJob } from '../../../api/dashboard-queries.ts';
import { rebuildDashboard, rebuildUnderWay, type RebuildJob } from '../../../api/dashboard.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { ConfirmDialog } from '../../../common/ui/confirm-dialog.tsx';
import { readAgain } from '../../../api/read-again.ts';
import { dashboardOutline } from '../heading.ts';

export interface RecomputeActionProps {
  enablerName: string;
  /** Each state the job is seen in: queued, then while it runs, then DONE or FAILED. */
  onJob: (job: RebuildJob) => void;
}

/**
 * Administrators: queues the recomputation of the enabler's figures from its records (a repair), once
 * confirmed, then polls its job until it ends; then every figure is read again.
 */
export function RecomputeAction({ enablerName, onJob }: RecomputeActionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({ mutationFn: rebuildDashboard });
  const job = useRebuildJob(jobId);
  const seen = job.data?.job;
  const underWay = start.isPending || rebuildUnderWay(seen);

  useEffect(() => {
    if (!seen) return;
    onJob(seen);
    if (!rebuildUnderWay(seen)) void readAgain(queryClient, [queryKeys.dashboard.all]);
  }, [seen, onJob, queryClient]);

  const confirm = () => {
    start.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        queryClient.setQueryData(queryKeys.dashboard.rebuild(answer.job.id), answer);
        setJobId(answer.job.id);
      },
      // The error dialog says why (ERR_REBUILD_IN_PROGRESS: another administrator's is under way).
      onError: () => setConfirming(false),
    });
  };

  return (
    <>
      <Button iconName="refresh" onClick={() => setConfirming(true)} loading={underWay}>
        {t(dashboardOutline.adminAction)}
      </Button>
      <ConfirmDialog
        visible={confirming}
        header={t('dashboard.recompute.title')}
        confirmLabel={t('dashboard.recompute.confirm')}
        cancelLabel={t('dashboard.recompute.cancel')}
        busy={start.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <SpaceBetween size="s">
          <Box variant="p">{t('dashboard.recompute.message', { enabler: enablerName })}</Box>
          <Box variant="p" color="text-body-secondary">
            {t('dashboard.recompute.consequence')}
          </Box>
        </SpaceBetween>
      </ConfirmDialog>
    </>
  );
}
