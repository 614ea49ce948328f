import { useTranslation } from 'react-i18next';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import type { DataJob } from '../../../api/data-jobs.ts';
import { formatNumber } from '../../../common/format/format.ts';
import { currentLanguage } from '../../../i18n/index.ts';

/** A running job's progress: members done out of the total, once the worker knows it. */
export function JobProgress({ job, label }: { job: DataJob; label: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const value = job.total > 0 ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0;
  return (
    <ProgressBar
      label={label}
      value={value}
      status="in-progress"
      additionalInfo={
        job.state === 'QUEUED'
          ? t('datas.progress.queued')
          : t('datas.progress.counts', {
              done: formatNumber(job.done, language),
              total: formatNumber(job.total, language),
            })
      }
    />
  );
}
