import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { TableEmptyState, TableNoMatchState } from '../../../common/ui/table-states.tsx';
import '../../../common/admin-table/admin-filters.css';
import type { PreviewPaging } from './use-preview-paging.ts';

/** What a page of a preview table counts: the rows that match its filters, and all. */
interface PreviewPage<Row> {
  items: Row[];
  count: number;
  total: number;
}

/** A preview table's counter: (all), or (matching/all) while a filter leaves some out. */
const counterOf = (page: PreviewPage<unknown> | undefined): string | undefined =>
  page && (page.count === page.total ? `(${page.total})` : `(${page.count}/${page.total})`);

export interface PreviewTableProps<Row> {
  title: string;
  description: string;
  columns: TableProps.ColumnDefinition<Row>[];
  trackBy: TableProps.TrackBy<Row>;
  /** The page the server answered; undefined while the first one loads. */
  page: PreviewPage<Row> | undefined;
  paging: Pick<PreviewPaging<string>, 'sorting' | 'pagination' | 'preferences'>;
  /** The filters' fields, on one line above the table. */
  filters: ReactNode;
  filtered: boolean;
  onClearFilters: () => void;
  /** What the table says when nothing matches the filters, and when it has no row at all. */
  noMatch: string;
  empty: string;
  /** Columns kept in sight at the end while the others scroll. */
  stickyLast?: number;
  wrapLines?: boolean;
}

/** One of the preview's tables: a page the server sorted and filtered, counted, with its filters. */
export function PreviewTable<Row>(props: PreviewTableProps<Row>) {
  const { t } = useTranslation();
  const { paging, page } = props;
  return (
    <Table
      {...paging.sorting}
      variant="borderless"
      stickyColumns={{ first: 0, last: props.stickyLast ?? 0 }}
      wrapLines={props.wrapLines}
      trackBy={props.trackBy}
      items={page?.items ?? []}
      columnDefinitions={props.columns}
      loading={page === undefined}
      loadingText={t('benefitRuns.preview.loading')}
      ariaLabels={{ tableLabel: props.title }}
      header={
        <Header variant="h2" counter={counterOf(page)} description={props.description}>
          {props.title}
        </Header>
      }
      filter={<div className="admin-filters">{props.filters}</div>}
      pagination={paging.pagination(page?.count ?? 0)}
      preferences={paging.preferences(page !== undefined)}
      empty={
        props.filtered ? (
          <TableNoMatchState
            title={props.noMatch}
            action={<Button onClick={props.onClearFilters}>{t('adminTable.noMatch.clear')}</Button>}
          />
        ) : (
          <TableEmptyState title={props.empty} />
        )
      }
    />
  );
}
