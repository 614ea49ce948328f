import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { AssessmentProblem } from '../../../api/benefit-runs.ts';
import { ApiError } from '../../../api/api-error.ts';
import { saveTextFile } from '../../../browser/save-json-file.ts';
import { problemText, rowsToCorrectCsv } from './rows-to-correct.ts';

/** A refused file: the problems the API lists (the first ones) and how many it found in all. */
export interface FileRefusal {
  problems: AssessmentProblem[];
  count: number;
}

/** The refusal of an assessment file in an API error, if that is what it is. */
export const refusalOf = (error: unknown): FileRefusal | null => {
  if (!(error instanceof ApiError) || error.code !== 'ERR_BENEFIT_FILE_INVALID') return null;
  const details = error.details as Partial<FileRefusal> | undefined;
  if (!Array.isArray(details?.problems)) return null;
  return { problems: details.problems, count: details.count ?? details.problems.length };
};

/**
 * What was wrong with a refused file, row by row, each problem in the user's language naming its field,
 * its value and what is expected; no run was made. The problems listed, with their rows, download as a
 * CSV of the rows to correct.
 */
export function FileProblems({ refusal, file }: { refusal: FileRefusal; file: File }) {
  const { t } = useTranslation();
  const listed = refusal.problems.map((problem, index) => ({ ...problem, index }));
  const { items, collectionProps } = useCollection(listed, {
    sorting: { defaultState: { sortingColumn: { sortingField: 'index' } } },
  });
  const cell = (value: number | null) =>
    value === null ? t('benefitRuns.upload.problems.wholeFile') : value;
  const download = async () => {
    const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
    const text = rowsToCorrectCsv(t, await file.text(), csv, refusal.problems);
    saveTextFile(
      `${file.name.replace(/\.[^.]*$/, '')}_${t('benefitRuns.upload.problems.fileSuffix')}.csv`,
      text,
      'text/csv',
    );
  };
  return (
    <Alert type="error" header={t('benefitRuns.upload.problems.title', { count: refusal.count })}>
      <SpaceBetween size="s">
        <Box>{t('benefitRuns.upload.problems.description')}</Box>
        <Table
          {...collectionProps}
          variant="embedded"
          trackBy="index"
          items={items}
          wrapLines
          ariaLabels={{ tableLabel: t('benefitRuns.upload.problems.table') }}
          header={
            <Header
              variant="h3"
              counter={
                refusal.count > listed.length ? `(${listed.length}/${refusal.count})` : `(${refusal.count})`
              }
              actions={
                <Button iconName="download" onClick={() => void download()}>
                  {t('benefitRuns.upload.problems.download')}
                </Button>
              }
            >
              {t('benefitRuns.upload.problems.table')}
            </Header>
          }
          columnDefinitions={[
            {
              id: 'row',
              header: t('benefitRuns.upload.problems.row'),
              sortingComparator: (a, b) => (a.row ?? 0) - (b.row ?? 0) || a.index - b.index,
              isRowHeader: true,
              cell: (problem) => cell(problem.row),
            },
            {
              id: 'line',
              header: t('benefitRuns.upload.problems.line'),
              sortingComparator: (a, b) => (a.line ?? 0) - (b.line ?? 0) || a.index - b.index,
              cell: (problem) => problem.line ?? '-',
            },
            {
              id: 'where',
              header: t('benefitRuns.upload.problems.where'),
              sortingField: 'where',
              cell: (problem) => (problem.where ? <Box variant="code">{problem.where}</Box> : '-'),
            },
            {
              id: 'message',
              header: t('benefitRuns.upload.problems.message'),
              cell: (problem) => problemText(t, problem),
            },
          ]}
        />
        {refusal.count > listed.length && (
          <Box variant="small">
            {t('benefitRuns.upload.problems.more', { count: refusal.count - listed.length })}
          </Box>
        )}
      </SpaceBetween>
    </Alert>
  );
}
