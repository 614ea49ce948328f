import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { getExportJob, startExport, type DataJob, type ExportKind } from '../../../api/data-jobs.ts';
import { downloadFrom } from '../../../browser/download-from.ts';
import { JobProgress } from './job-progress.tsx';
import { useDataJob } from './use-data-job.ts';
import { Section } from '../../../common/ui/section.tsx';
import { adminScreenTexts } from '../../../navigation/screen-texts.ts';

// The screen's first section: its outline draws its title and description too (navigation/screen-texts.ts).
const { section } = adminScreenTexts.adminDatas;

const kinds: readonly ExportKind[] = ['members', 'enablers', 'all'];

/** Export members.json, enablers.json or all.json: a job, its progress bar, then the download. */
export function ExportSection() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ExportKind | null>(null);
  const [started, setStarted] = useState<DataJob | null>(null);
  const [starting, setStarting] = useState(false);
  const read = useCallback((id: string) => getExportJob(id), []);
  const job = useDataJob(started, read);

  useEffect(() => {
    if (job?.state === 'DONE' && job.url && job.fileName) downloadFrom(job.url, job.fileName);
  }, [job]);

  const start = async (chosen: ExportKind) => {
    setKind(chosen);
    setStarting(true);
    try {
      setStarted(await startExport(chosen));
    } catch {
      // Shown by the error dialog.
      setStarted(null);
    } finally {
      setStarting(false);
    }
  };
  const running = starting || (job !== null && (job.state === 'QUEUED' || job.state === 'RUNNING'));

  return (
    <Section title={t(section.heading)} description={t(section.description)}>
      <SpaceBetween size="m">
        <SpaceBetween direction="horizontal" size="xs">
          {kinds.map((each) => (
            <Button
              key={each}
              iconName="download"
              loading={running && kind === each}
              disabled={running && kind !== each}
              onClick={() => void start(each)}
            >
              {t(`datas.export.${each}`)}
            </Button>
          ))}
        </SpaceBetween>
        {job && kind && (job.state === 'QUEUED' || job.state === 'RUNNING') && (
          <JobProgress job={job} label={t('datas.export.running', { file: `${kind}.json` })} />
        )}
        {job?.state === 'DONE' && job.url && (
          <Alert type="success">
            {t('datas.export.done', { count: job.done })}{' '}
            <Link href={job.url} external={false}>
              {t('datas.export.download', { file: job.fileName })}
            </Link>
          </Alert>
        )}
        {job?.state === 'FAILED' && <Alert type="error">{t('datas.export.failed')}</Alert>}
      </SpaceBetween>
    </Section>
  );
}
