import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ApiError } from '../../../api/api-error.ts';
import {
  getImportJob,
  isFinished,
  startImport,
  type DataJob,
  type ImportKind,
  type JobError,
} from '../../../api/data-jobs.ts';
import { publishError } from '../../../api/error-bus.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSignedInSession } from '../../../session/session-context.ts';
import { useEnvironmentLabel } from '../../../api/environment-label.ts';
import { ConfirmDialog } from '../../../common/ui/confirm-dialog.tsx';
import { JobProgress } from './job-progress.tsx';
import { ReportDialog, type ImportReport } from './report-dialog.tsx';
import { useDataJob } from './use-data-job.ts';
import { readAsText } from '../../../browser/read-file.ts';
import { Section } from '../../../common/ui/section.tsx';
import { readAgain } from '../../../api/read-again.ts';

/** An environment whose label starts with 'prod' (prod, production…) is a production one. */
export const isProductionEnvironment = (label: string | null): boolean => /^prod/i.test(label ?? '');

type Picked = { name: string; text: string; file: unknown } | { name: string; invalid: true };

const parse = async (file: File): Promise<Picked> => {
  try {
    const text = await readAsText(file);
    return { name: file.name, text, file: JSON.parse(text) as unknown };
  } catch {
    return { name: file.name, invalid: true };
  }
};

const invalidFileReport = (error: ApiError): ImportReport | null => {
  const details = error.details as { errors?: JobError[]; count?: number } | undefined;
  if (error.code !== 'ERR_IMPORT_INVALID_FILE' || !Array.isArray(details?.errors)) return null;
  return { errors: details.errors, errorCount: details.count ?? details.errors.length };
};

/**
 * The full import (kind all) or the onboarding import: pick a JSON file, confirm (the onboarding
 * warns once more in production), follow the job's progress, then read its report.
 */
export function ImportSection({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { refreshEnablers } = useSignedInSession();
  const production = isProductionEnvironment(useEnvironmentLabel());
  const [files, setFiles] = useState<File[]>([]);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const [started, setStarted] = useState<DataJob | null>(null);
  // The refusal of an invalid file (or a failure to start); a finished job's report until closed.
  const [refusal, setRefusal] = useState<ImportReport | null>(null);
  const [closedJob, setClosedJob] = useState<string | null>(null);
  const read = useCallback((id: string) => getImportJob(id), []);
  const job = useDataJob(started, read);

  const finished = job !== null && isFinished(job) ? job : null;
  const report: ImportReport | null =
    refusal ??
    (finished && finished.id !== closedJob
      ? finished.state === 'FAILED'
        ? { errors: [{ where: '', code: 'ERR_INTERNAL', message: t('datas.import.failed') }], errorCount: 1 }
        : { errors: finished.errors, errorCount: finished.errorCount }
      : null);
  const finishedId = finished?.id;

  useEffect(() => {
    if (!finishedId) return;
    // Spec section 4: the enablers are refreshed (the selector's list, their counts and configs).
    void refreshEnablers().catch(() => undefined);
    void readAgain(queryClient, [queryKeys.enablers.all, queryKeys.members.all, queryKeys.myEnabler]);
  }, [finishedId, queryClient, refreshEnablers]);

  const pick = async (chosen: File[]) => {
    setFiles(chosen);
    const [file] = chosen;
    setPicked(file ? await parse(file) : null);
  };

  const run = async () => {
    if (!picked || 'invalid' in picked) return;
    setStarting(true);
    setRefusal(null);
    try {
      setStarted(await startImport(kind, picked.text, picked.file));
    } catch (error) {
      const invalid = error instanceof ApiError ? invalidFileReport(error) : null;
      if (invalid) setRefusal(invalid);
      else if (error instanceof ApiError) publishError(error);
      else
        setRefusal({ errors: [{ where: '', code: 'ERR_INTERNAL', message: String(error) }], errorCount: 1 });
    } finally {
      setStarting(false);
      setConfirming(false);
    }
  };

  const running = starting || (job !== null && !isFinished(job));
  const prefix = `datas.import.${kind}` as const;

  return (
    <Section title={t(`${prefix}.title`)} description={t(`${prefix}.description`)}>
      <SpaceBetween size="m">
        <FormField
          label={t('datas.import.file')}
          errorText={
            picked && 'invalid' in picked ? t('datas.import.notJson', { name: picked.name }) : undefined
          }
        >
          <FileUpload
            value={files}
            onChange={({ detail }) => void pick(detail.value)}
            accept="application/json,.json"
            i18nStrings={{
              uploadButtonText: () => t('datas.import.choose'),
              dropzoneText: () => t('datas.import.drop'),
              removeFileAriaLabel: () => t('datas.import.remove'),
              limitShowFewer: t('datas.import.showFewer'),
              limitShowMore: t('datas.import.showMore'),
              errorIconAriaLabel: t('datas.import.error'),
            }}
            showFileSize
          />
        </FormField>
        <Button
          variant="primary"
          iconName="upload"
          disabled={!picked || 'invalid' in picked || running}
          loading={running}
          onClick={() => setConfirming(true)}
        >
          {t(`${prefix}.run`)}
        </Button>
        {job && !isFinished(job) && <JobProgress job={job} label={t(`${prefix}.running`)} />}
      </SpaceBetween>
      <ConfirmDialog
        visible={confirming}
        header={t(`${prefix}.confirmTitle`)}
        confirmLabel={t(`${prefix}.run`)}
        cancelLabel={t('datas.cancel')}
        busy={starting}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      >
        <SpaceBetween size="s">
          <Box>{t(`${prefix}.confirm`, { name: picked?.name ?? '' })}</Box>
          {kind === 'onboard' && production && (
            <Alert type="warning" header={t('datas.import.onboard.productionTitle')}>
              {t('datas.import.onboard.production')}
            </Alert>
          )}
        </SpaceBetween>
      </ConfirmDialog>
      <ReportDialog
        report={report}
        onClose={() => {
          setRefusal(null);
          if (finishedId) setClosedJob(finishedId);
        }}
      />
    </Section>
  );
}
