import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import type { JobError } from '../../../api/data-jobs.ts';
import { codeMessage } from '../../../common/errors/error-message.ts';
import { InformationDialog } from '../../../common/ui/information-dialog.tsx';

export interface ImportReport {
  errors: JobError[];
  /** Every error found; more than those listed when the list was bounded. */
  errorCount: number;
}

/** Spec section 4: after an import, its errors joined, or 'Everything went well'. */
export function ReportDialog({ report, onClose }: { report: ImportReport | null; onClose: () => void }) {
  const { t } = useTranslation();
  // A schema problem says what is wrong in the validator's words; a record's code has its translation.
  const translated = (error: JobError) =>
    error.code === 'ERR_IMPORT_INVALID_FILE' || error.code === 'ERR_INTERNAL'
      ? undefined
      : codeMessage(t, error.code);
  const describe = (error: JobError) => `${error.where || '/'}: ${translated(error) ?? error.message}`;
  return (
    <InformationDialog
      visible={report !== null}
      header={t('datas.report.title')}
      closeLabel={t('datas.report.close')}
      onClose={onClose}
    >
      {report && report.errorCount === 0 && <Box>{t('datas.report.success')}</Box>}
      {report && report.errorCount > 0 && (
        <>
          <Box variant="p">{t('datas.report.errors', { count: report.errorCount })}</Box>
          <Box variant="code">
            <span data-testid="import-errors">{report.errors.map(describe).join('\n')}</span>
          </Box>
          {report.errorCount > report.errors.length && (
            <Box variant="small">
              {t('datas.report.more', { count: report.errorCount - report.errors.length })}
            </Box>
          )}
        </>
      )}
    </InformationDialog>
  );
}
