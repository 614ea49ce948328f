import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useBenefitRuns } from '../../api/benefit-runs-queries.ts';
import type { BenefitRun } from '../../api/benefit-runs.ts';
import '../../common/admin-table/admin-table.css';
import { paginationLabels } from '../../common/admin-table/table-labels.ts';
import { RunState, runFigures } from '../../common/benefit-runs/run-state.tsx';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { formatAmount, formatDate, formatDateTime, formatNumber } from '../../common/format/format.ts';
import { RowLink } from '../../common/ui/row-link.tsx';
import { TableEmptyState, TableNoMatchState } from '../../common/ui/table-states.tsx';
import { currentLanguage } from '../../i18n/index.ts';
import { paths } from '../../navigation/paths.ts';
import { adminScreenTexts } from '../../navigation/screen-texts.ts';

const PAGE_SIZE = 10;

/** Runs whose figures are not known yet (before their preview) sort last. */
const byFigure = (figure: 'plots' | 'amount') => (a: BenefitRun, b: BenefitRun) =>
  (runFigures(a)?.[figure] ?? -1) - (runFigures(b)?.[figure] ?? -1);

/** The current enabler's benefit runs: state, who uploaded them and when, their plots and total. */
export function AdminBenefitRunsPage() {
  const { t } = useTranslation();
  const follow = useFollow();
  const language = currentLanguage();
  useDocumentTitle(t('screens.adminBenefitRuns'));
  const runs = useBenefitRuns();
  const all = runs.data ?? [];
  const stateLabel = (run: BenefitRun) => t(`benefitRuns.states.${run.state}`);

  const uploadButton = (
    <Button variant="primary" iconName="upload" href={paths.newBenefitRun} onFollow={follow}>
      {t('benefitRuns.list.upload')}
    </Button>
  );
  const { items, collectionProps, filterProps, paginationProps, filteredItemsCount } = useCollection(all, {
    filtering: {
      filteringFunction: (run, text) => {
        const searched = text.trim().toLocaleLowerCase();
        return [run.assessmentId, run.createdBy, run.fileName ?? '', stateLabel(run)].some((field) =>
          field.toLocaleLowerCase().includes(searched),
        );
      },
      empty: (
        <TableEmptyState
          title={runs.isError ? t('benefitRuns.list.failed') : t('benefitRuns.list.empty')}
          action={
            runs.isError ? (
              <Button onClick={() => void runs.refetch()}>{t('adminTable.retry')}</Button>
            ) : (
              uploadButton
            )
          }
        />
      ),
      noMatch: <TableNoMatchState title={t('benefitRuns.list.noMatch')} />,
    },
    sorting: { defaultState: { sortingColumn: { sortingField: 'createdAt' }, isDescending: true } },
    pagination: { pageSize: PAGE_SIZE },
  });

  const columns: TableProps.ColumnDefinition<BenefitRun>[] = [
    {
      id: 'assessmentId',
      header: t('benefitRuns.fields.assessmentId'),
      sortingField: 'assessmentId',
      isRowHeader: true,
      cell: (run) => <RowLink href={paths.benefitRun(run.id)}>{run.assessmentId}</RowLink>,
    },
    {
      id: 'assessmentDate',
      header: t('benefitRuns.fields.assessmentDate'),
      sortingField: 'assessmentDate',
      cell: (run) => formatDate(run.assessmentDate),
    },
    {
      id: 'state',
      header: t('benefitRuns.fields.state'),
      sortingComparator: (a, b) => stateLabel(a).localeCompare(stateLabel(b)),
      cell: (run) => <RunState state={run.state} />,
    },
    {
      id: 'createdBy',
      header: t('benefitRuns.fields.createdBy'),
      sortingField: 'createdBy',
      cell: (run) => run.createdBy,
    },
    {
      id: 'createdAt',
      header: t('benefitRuns.fields.createdAt'),
      sortingField: 'createdAt',
      cell: (run) => formatDateTime(run.createdAt),
    },
    {
      id: 'plots',
      header: t('benefitRuns.fields.plots'),
      sortingComparator: byFigure('plots'),
      cell: (run) => formatNumber(runFigures(run)?.plots, language) || '-',
    },
    {
      id: 'amount',
      header: t('benefitRuns.fields.total'),
      sortingComparator: byFigure('amount'),
      cell: (run) => formatAmount(runFigures(run)?.amount, run.currency, language) || '-',
    },
  ];
  const searching = filterProps.filteringText.trim() !== '';

  return (
    <Table
      {...collectionProps}
      variant="full-page"
      trackBy="id"
      wrapLines
      items={items}
      columnDefinitions={columns}
      loading={runs.isPending}
      loadingText={t(adminScreenTexts.adminBenefitRuns.loading)}
      ariaLabels={{ tableLabel: t('screens.adminBenefitRuns') }}
      header={
        <Header
          variant="awsui-h1-sticky"
          counter={runs.data ? `(${all.length})` : undefined}
          description={t(adminScreenTexts.adminBenefitRuns.description)}
          actions={<div className="admin-table-actions">{uploadButton}</div>}
        >
          {t('screens.adminBenefitRuns')}
        </Header>
      }
      filter={
        <TextFilter
          {...filterProps}
          filteringPlaceholder={t(adminScreenTexts.adminBenefitRuns.search)}
          filteringAriaLabel={t('benefitRuns.list.searchLabel')}
          filteringClearAriaLabel={t('benefitRuns.list.clearSearch')}
          countText={
            searching ? t('benefitRuns.list.matches', { count: filteredItemsCount ?? 0 }) : undefined
          }
        />
      }
      pagination={<Pagination {...paginationProps} ariaLabels={paginationLabels(t)} />}
    />
  );
}
