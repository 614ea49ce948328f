import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ASSESSMENT_LIMITS } from '@cpbo/schemas/benefit-runs.ts';
import { ApiError } from '../../../api/api-error.ts';
import { startBenefitRun, uploadAssessment, type AssessmentFormat } from '../../../api/benefit-runs.ts';
import { publishError } from '../../../api/error-bus.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useActionKey } from '../../../api/use-action-key.ts';
import { formatNumber } from '../../../common/format/format.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { paths } from '../../../navigation/paths.ts';
import { FileProblems, refusalOf, type FileRefusal } from './file-problems.tsx';
import { Section } from '../../../common/ui/section.tsx';
import { readAgain } from '../../../api/read-again.ts';

/** A file's format, by its name's extension, else by its type; null when it is neither CSV nor JSON. */
export const formatOf = (file: File): AssessmentFormat | null => {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv') || file.type === 'text/csv') return 'csv';
  if (name.endsWith('.json') || file.type === 'application/json') return 'json';
  return null;
};

const megabytes = ASSESSMENT_LIMITS.fileBytes / (1024 * 1024);

/**
 * Picks an assessment file, uploads it and starts its run; a refused file shows its problems here.
 * A retry of the same file (a lost answer) sends the same upload with the same Idempotency-Key, so
 * that it makes one run.
 */
export function AssessmentUpload() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const actionKey = useActionKey();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<FileRefusal | null>(null);
  const uploaded = useRef<{ file: File; upload: string } | null>(null);
  const [file] = files;
  const format = file ? formatOf(file) : null;
  const problem = !file
    ? undefined
    : format === null
      ? t('benefitRuns.upload.notCsvOrJson', { name: file.name })
      : file.size > ASSESSMENT_LIMITS.fileBytes
        ? t('benefitRuns.upload.tooLarge', { megabytes: formatNumber(megabytes, currentLanguage()) })
        : undefined;

  const start = async () => {
    if (!file || !format || problem) return;
    setBusy(true);
    setRefusal(null);
    try {
      const upload = uploaded.current?.file === file ? uploaded.current.upload : await uploadAssessment(file);
      uploaded.current = { file, upload };
      const request = { upload, format, fileName: file.name };
      const run = await startBenefitRun(request, { idempotencyKey: actionKey.keyFor(request) });
      actionKey.succeeded();
      await readAgain(queryClient, [queryKeys.benefitRuns.all]);
      navigate(paths.benefitRun(run.id));
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) setRefusal(refused);
      else
        publishError(
          error instanceof ApiError ? error : new ApiError({ kind: 'network', message: String(error) }),
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t('benefitRuns.upload.title')} description={t('benefitRuns.upload.description')}>
      <SpaceBetween size="m">
        <FormField
          label={t('benefitRuns.upload.file')}
          constraintText={t('benefitRuns.upload.constraint', {
            megabytes: formatNumber(megabytes, currentLanguage()),
          })}
          errorText={problem}
        >
          <FileUpload
            value={files}
            onChange={({ detail }) => {
              setFiles(detail.value);
              setRefusal(null);
            }}
            accept=".csv,.json,text/csv,application/json"
            showFileSize
            i18nStrings={{
              uploadButtonText: () => t('benefitRuns.upload.choose'),
              dropzoneText: () => t('benefitRuns.upload.drop'),
              removeFileAriaLabel: () => t('benefitRuns.upload.remove'),
              limitShowFewer: t('benefitRuns.upload.showFewer'),
              limitShowMore: t('benefitRuns.upload.showMore'),
              errorIconAriaLabel: t('benefitRuns.upload.error'),
            }}
          />
        </FormField>
        <Button
          variant="primary"
          iconName="upload"
          disabled={!file || problem !== undefined}
          loading={busy}
          onClick={() => void start()}
        >
          {t('benefitRuns.upload.start')}
        </Button>
        {refusal && file && <FileProblems refusal={refusal} file={file} />}
      </SpaceBetween>
    </Section>
  );
}
