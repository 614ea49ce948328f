import { useTranslation } from 'react-i18next';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import { useMemberDeletion } from '../../../api/admin-records-queries.ts';
import { formatNumber } from '../../../common/format/format.ts';
import { InformationDialog } from '../../../common/ui/information-dialog.tsx';

export interface MemberDeletionDialogProps {
  jobId: string;
  /** What the delete confirmation named (the member's name and number). */
  member: string;
  onDismiss: () => void;
}

/**
 * The deletion of a member of many records: the member left the lists at once; its records go by a
 * job, whose progress shows here until it is over. Closing the dialog leaves the job running.
 */
export function MemberDeletionDialog({ jobId, member, onDismiss }: MemberDeletionDialogProps) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatNumber(value, i18n.resolvedLanguage ?? i18n.language);
  const { data } = useMemberDeletion(jobId);
  const job = data?.job;
  const percent = job && job.total > 0 ? Math.round((job.deleted / job.total) * 100) : 0;
  const status = job?.state === 'DONE' ? 'success' : job?.state === 'FAILED' ? 'error' : 'in-progress';
  return (
    <InformationDialog
      visible
      header={t('adminRecords.members.deletion.title', { member })}
      closeLabel={t('adminRecords.members.deletion.close')}
      onClose={onDismiss}
    >
      <ProgressBar
        value={job?.state === 'DONE' ? 100 : percent}
        status={status}
        label={t('adminRecords.members.deletion.records')}
        // While the job runs: what is happening and how far; once over, its result says it all.
        description={status === 'in-progress' ? t('adminRecords.members.deletion.description') : undefined}
        additionalInfo={
          job && status === 'in-progress'
            ? t('adminRecords.members.deletion.progress', {
                deleted: count(job.deleted),
                total: count(job.total),
              })
            : undefined
        }
        resultText={
          job?.state === 'FAILED'
            ? t('adminRecords.members.deletion.failed')
            : t('adminRecords.members.deletion.done', { total: count(job?.total ?? 0) })
        }
      />
    </InformationDialog>
  );
}
