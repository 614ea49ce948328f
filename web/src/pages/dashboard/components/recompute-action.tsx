import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { rebuildDashboard, type DashboardRebuildAnswer } from '../../../api/dashboard.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useWrite } from '../../../api/use-write.ts';
import { ConfirmDialog } from '../../../common/confirm-dialog.tsx';

export interface RecomputeActionProps {
  enablerName: string;
  onRecomputed: (answer: DashboardRebuildAnswer) => void;
}

/** Administrators: recomputes the enabler's figures from its records (a repair), once confirmed. */
export function RecomputeAction({ enablerName, onRecomputed }: RecomputeActionProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const rebuild = useWrite(rebuildDashboard, [queryKeys.dashboard.all]);

  const confirm = () => {
    rebuild.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        onRecomputed(answer);
      },
      // The error dialog says why; the dialog closes so that the screen stays usable.
      onError: () => setConfirming(false),
    });
  };

  return (
    <>
      <Button iconName="refresh" onClick={() => setConfirming(true)} loading={rebuild.isPending}>
        {t('dashboard.recompute.action')}
      </Button>
      <ConfirmDialog
        visible={confirming}
        header={t('dashboard.recompute.title')}
        confirmLabel={t('dashboard.recompute.confirm')}
        cancelLabel={t('dashboard.recompute.cancel')}
        busy={rebuild.isPending}
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
