import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import { duplicatesQuery, type DuplicateSortField } from '@cpbo/schemas/benefit-run-query.ts';
import { duplicateKinds, type DuplicateKind } from '@cpbo/schemas/benefit-runs.ts';
import { useDuplicates } from '../../../api/benefit-runs-queries.ts';
import type { BenefitRun, Duplicate } from '../../../api/benefit-runs.ts';
import { FilterSelect } from './filter-select.tsx';
import { MemberCell } from './member-cell.tsx';
import { useRunFormats } from './run-formats.ts';
import { PreviewTable } from './preview-table.tsx';
import { usePreviewPaging } from './use-preview-paging.ts';

const sortable = (field: DuplicateSortField) => ({ id: field, sortingField: field });

/**
 * The members the preview found may be one beneficiary: the same bank account, the same phone, or
 * near-identical names in one village; each group numbered, paged and sorted by the server.
 */
export function DuplicatesTable({ run }: { run: BenefitRun }) {
  const { t } = useTranslation();
  const formats = useRunFormats(run);
  const paging = usePreviewPaging(duplicatesQuery.defaultSort, 'benefitRunDuplicates');
  const [kind, setKind] = useState<DuplicateKind | undefined>();
  const duplicates = useDuplicates(
    run,
    { page: paging.page, pageSize: paging.pageSize, sort: paging.sort, filters: { kind } },
    paging.ready,
  );
  const chooseKind = (value: string | undefined) => {
    setKind(value as DuplicateKind | undefined);
    paging.toFirstPage();
  };
  const kindOptions = [
    { value: '', label: t('benefitRuns.duplicates.anyKind') },
    ...duplicateKinds.map((each) => ({ value: each, label: t(`benefitRuns.duplicates.kinds.${each}`) })),
  ];
  const columns: TableProps.ColumnDefinition<Duplicate>[] = [
    {
      ...sortable('group'),
      header: t('benefitRuns.duplicates.columns.group'),
      cell: (entry) => entry.group,
    },
    {
      ...sortable('kind'),
      header: t('benefitRuns.duplicates.columns.kind'),
      cell: (entry) => t(`benefitRuns.duplicates.kinds.${entry.kind}`),
    },
    {
      id: 'value',
      header: t('benefitRuns.duplicates.columns.value'),
      cell: (entry) => entry.value,
    },
    {
      ...sortable('memberName'),
      header: t('benefitRuns.duplicates.columns.member'),
      isRowHeader: true,
      cell: (entry) => (
        <MemberCell memberId={entry.memberId} name={entry.memberName} number={entry.memberNumber} />
      ),
    },
    {
      ...sortable('village'),
      header: t('benefitRuns.duplicates.columns.village'),
      cell: (entry) => entry.village,
    },
    {
      id: 'phone',
      header: t('benefitRuns.duplicates.columns.phone'),
      cell: (entry) => entry.phone ?? '-',
    },
    {
      id: 'bankAccount',
      header: t('benefitRuns.duplicates.columns.bankAccount'),
      cell: (entry) => entry.bankAccount ?? '-',
    },
    {
      ...sortable('benefit'),
      header: t('benefitRuns.duplicates.columns.benefit'),
      cell: (entry) => formats.amount(entry.benefit),
    },
  ];
  return (
    <PreviewTable
      title={t('benefitRuns.duplicates.title')}
      description={t('benefitRuns.duplicates.description')}
      columns={columns}
      trackBy={(entry) => `${entry.group}-${entry.memberId}`}
      page={duplicates.data}
      paging={paging}
      wrapLines
      filtered={kind !== undefined}
      onClearFilters={() => chooseKind(undefined)}
      noMatch={t('benefitRuns.duplicates.noMatch')}
      empty={t('benefitRuns.duplicates.empty')}
      filters={
        <FilterSelect
          label={t('benefitRuns.duplicates.kind')}
          options={kindOptions}
          value={kind}
          onChange={chooseKind}
        />
      }
    />
  );
}
