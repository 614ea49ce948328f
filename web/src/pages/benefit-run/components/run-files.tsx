import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { getBenefitRunFile, type BenefitRun } from '../../../api/benefit-runs.ts';
import { downloadFrom } from '../../../browser/download-from.ts';
import { TableEmptyState } from '../../../common/ui/table-states.tsx';
import { useRunFormats } from './run-formats.ts';

type RunFile = BenefitRun['files'][number];

/** Downloads one of the run's files through its short-lived link; a failure shows in the error dialog. */
export function useRunFileDownload(runId: string) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (fileId: string) => {
    setDownloading(fileId);
    try {
      const { url, fileName } = await getBenefitRunFile(runId, fileId);
      downloadFrom(url, fileName);
    } catch {
      // Shown by the error dialog.
    } finally {
      setDownloading(null);
    }
  };
  return { downloading, download };
}

/**
 * The run's files: the preview and its possible duplicates once previewed; once paid, a transfer list
 * per bank and the list of members to pay in cash.
 */
export function RunFiles({ run }: { run: BenefitRun }) {
  const { t } = useTranslation();
  const formats = useRunFormats(run);
  const { downloading, download } = useRunFileDownload(run.id);
  const describe = (file: RunFile) =>
    file.kind === 'BANK'
      ? t('benefitRuns.files.kinds.BANK', { bank: file.bankName ?? '' })
      : t(`benefitRuns.files.kinds.${file.kind}`);
  const { items, collectionProps } = useCollection(run.files, {
    sorting: {},
  });
  return (
    <Table
      {...collectionProps}
      variant="container"
      trackBy="id"
      items={items}
      wrapLines
      ariaLabels={{ tableLabel: t('benefitRuns.files.title') }}
      header={
        <Header
          variant="h2"
          counter={`(${run.files.length})`}
          description={t('benefitRuns.files.description')}
        >
          {t('benefitRuns.files.title')}
        </Header>
      }
      empty={<TableEmptyState title={t('benefitRuns.files.empty')} />}
      columnDefinitions={[
        {
          id: 'kind',
          header: t('benefitRuns.files.columns.kind'),
          isRowHeader: true,
          sortingComparator: (a, b) => describe(a).localeCompare(describe(b)),
          cell: describe,
        },
        {
          id: 'fileName',
          header: t('benefitRuns.files.columns.fileName'),
          sortingField: 'fileName',
          cell: (file) => file.fileName,
        },
        {
          id: 'members',
          header: t('benefitRuns.files.columns.members'),
          sortingComparator: (a, b) => (a.members ?? -1) - (b.members ?? -1),
          cell: (file) => formats.count(file.members),
        },
        {
          id: 'amount',
          header: t('benefitRuns.files.columns.amount'),
          sortingComparator: (a, b) => (a.amount ?? -1) - (b.amount ?? -1),
          cell: (file) => formats.amount(file.amount),
        },
        {
          id: 'download',
          header: t('benefitRuns.files.columns.download'),
          cell: (file) => (
            <Button
              iconName="download"
              variant="inline-icon"
              loading={downloading === file.id}
              ariaLabel={t('benefitRuns.files.downloadLabel', { file: file.fileName })}
              onClick={() => void download(file.id)}
            />
          ),
        },
      ]}
    />
  );
}
