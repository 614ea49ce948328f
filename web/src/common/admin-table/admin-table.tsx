import { useDeferredValue, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import './admin-table.css';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Flashbar from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { AdminPageAnswer, AdminPageRequest } from '../../api/admin-records.ts';
import type { PreferenceTable } from '../../api/preferences.ts';
import { readEveryPage } from '../../api/every-page.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { openInNewTab } from '../../browser/browser.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { useSavedNotice } from '../ui/saved-notice.tsx';
import { TableEmptyState, TableLoadingState, TableNoMatchState } from '../ui/table-states.tsx';
import { useFollow } from '../../browser/use-follow.ts';
import { useNumberedPages } from './numbered-pages.tsx';
import { adminTableTotalKey, totalUnknown } from './table-texts.ts';
import { readAgain } from '../../api/read-again.ts';
import { cellsDrawnOnce } from '../table/cells-drawn-once.ts';

export type AdminTableSort = AdminPageRequest['sort'];

/** "All": every page of `pageSize` (the table's largest), as one answer. */
const readAll = async <Row,>(
  readPage: (request: AdminPageRequest) => Promise<AdminPageAnswer<Row>>,
  { pageSize, sort }: Omit<AdminPageRequest, 'page'>,
): Promise<AdminPageAnswer<Row>> => {
  const pages = await readEveryPage((page) => readPage({ page, pageSize, sort }), pageSize);
  return { ...(pages[0] as AdminPageAnswer<Row>), items: pages.flatMap((answer) => answer.items) };
};

export interface AdminTableProps<Row extends { id: string }> {
  /** The resource (query-key part): 'members', 'plots'… */
  resource: string;
  /** Where the user's page size and columns of this table are kept. */
  preferences: PreferenceTable;
  /** Reads one page with the table's filters (the page builds the query string). */
  readPage: (request: AdminPageRequest) => Promise<AdminPageAnswer<Row>>;
  /** The filters' values: a change starts again from the first page. */
  filterValues: object;
  /** Some filter or search is on (the empty table then says "no match"). */
  filtered: boolean;
  onClearFilters: () => void;
  /** The search and filter fields, above the table. */
  filter: ReactNode;
  /** The columns; each one the API sorts on has its `sortingField`. */
  columns: TableProps.ColumnDefinition<Row>[];
  defaultSort: AdminTableSort;
  /** The translation section of the table's texts (title, empty, delete…): `<texts>.*`. */
  texts: string;
  title: string;
  /** The total of the amounts the filters match, as the table writes it (the money tables). */
  total?: (amount: number) => string;
  addHref: string;
  editHref: (row: Row) => string;
  /** What the delete confirmation names (a member's name, an amount and a date…). */
  describe: (row: Row) => string;
  deleteRow: (row: Row) => Promise<unknown>;
}

const interactive = 'a, button, input, select, textarea, [role="button"], [role="menuitem"]';

/**
 * An administrator's table (spec sections 2, 4 and 9): numbered pages with the count of rows the
 * filters match (sizes 5, 10, 25 and All; All goes back to 10 on the next visit) and, for money, their
 * total; one sort at a time on any column (a click toggles it, another column resets it); filters; add,
 * edit and delete with confirmation. A click on a row opens its edit form; ctrl-click or middle-click
 * opens it in a new tab. What is drawn keeps its place while the next page loads.
 */
export function AdminTable<Row extends { id: string }>(props: AdminTableProps<Row>) {
  const { resource, readPage, filterValues, filtered, columns, defaultSort, texts, editHref } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const follow = useFollow();
  const queryClient = useQueryClient();
  const paging = useNumberedPages(
    (size) => t('adminTable.preferences.size', { size }),
    undefined,
    props.preferences,
  );
  const { page, pageSize, all } = paging;
  const [sort, setSort] = useState<AdminTableSort>(defaultSort);
  // Another sort or filter starts again from the first page.
  const query = JSON.stringify({ sort, filterValues });
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    paging.toFirstPage();
  }

  const answer = useQuery({
    queryKey: queryKeys.admin.list(resource, { page, pageSize, sort, filterValues }),
    queryFn: () => (all ? readAll(readPage, { pageSize, sort }) : readPage({ page, pageSize, sort })),
    placeholderData: keepPreviousData,
    // The page size the user keeps is known first: one read, of the right page.
    enabled: paging.ready,
  });
  // An answer's rows are drawn in a render React may interrupt, not in one long task the page cannot
  // answer during (an answer's render is otherwise synchronous): header, rows and pager change together.
  const { data, isPlaceholderData, isPending } = answer;
  const latest = useMemo(
    () => ({ data, isPlaceholderData, isPending }),
    [data, isPlaceholderData, isPending],
  );
  const shown = useDeferredValue(latest);
  const current = shown.isPlaceholderData ? undefined : shown.data;
  const loading = shown.isPending || shown.isPlaceholderData;
  // Busy too while an answer that came is not drawn yet (the list read again after a deletion, say).
  const busy = loading || shown !== latest;
  // The count and total of the last answer stay while the next page loads: the header keeps its size.
  const count = shown.data?.count;
  const total = shown.data?.totalAmount;

  const saved = useSavedNotice();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (row: Row) => props.deleteRow(row),
    // Read again after a refusal too: the record may have changed meanwhile. Totals of members move.
    onSettled: () => readAgain(queryClient, [queryKeys.admin.all, queryKeys.members.all]),
  });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      setNotice(t(`${texts}.delete.done`, { record: props.describe(deleting) }));
    } catch {
      // The error dialog says why (records still depend on it…); the dialog closes under it.
    } finally {
      setDeleting(null);
    }
  };

  // A row opens its edit form; with ctrl (or cmd) or the middle button, in a new tab.
  const openRow = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    if (target.closest(interactive)) return;
    const row = target.closest('tbody tr');
    if (!row?.parentElement) return;
    const item = current?.items[Array.from(row.parentElement.children).indexOf(row)];
    if (!item) return;
    const newTab = event.ctrlKey || event.metaKey || event.button === 1;
    if (newTab) {
      event.preventDefault();
      openInNewTab(editHref(item));
    } else if (event.button === 0) {
      navigate(editHref(item));
    }
  };

  const { describe } = props;
  const columnDefinitions = useMemo(() => {
    const actionsColumn: TableProps.ColumnDefinition<Row> = {
      id: 'actions',
      header: t('adminTable.actions.header'),
      cell: (row) => (
        <ButtonDropdown
          variant="inline-icon"
          ariaLabel={t('adminTable.actions.label', { record: describe(row) })}
          expandToViewport
          items={[
            { id: 'edit', text: t('adminTable.actions.edit'), href: editHref(row) },
            { id: 'delete', text: t('adminTable.actions.delete') },
          ]}
          onItemFollow={follow}
          onItemClick={({ detail }) => {
            if (detail.id === 'delete') setDeleting(row);
          }}
        />
      ),
    };
    return cellsDrawnOnce([...columns, actionsColumn]);
  }, [columns, describe, editHref, follow, t]);

  const items = current?.items ?? [];
  // The first column names the row and the actions act on it: both stay; the user chooses the others.
  const [rowHeader] = columns;
  const visible = paging.columns.visible ?? columns.map((column) => column.id as string);
  const columnOptions = columns.map((column, index) => ({
    id: column.id as string,
    label: typeof column.header === 'string' ? column.header : (column.id as string),
    alwaysVisible: index === 0,
  }));
  const columnDisplay = [
    ...columns.map((column) => ({
      id: column.id as string,
      visible: column === rowHeader || visible.includes(column.id as string),
    })),
    { id: 'actions', visible: true },
  ];

  return (
    <SpaceBetween size="m">
      {saved}
      {notice && (
        <Flashbar
          items={[
            {
              id: 'done',
              type: 'success',
              content: notice,
              dismissible: true,
              dismissLabel: t('adminTable.dismiss'),
              onDismiss: () => setNotice(null),
            },
          ]}
        />
      )}
      <div onClick={openRow} onAuxClick={openRow} className="admin-table" aria-busy={busy}>
        <Table
          variant="full-page"
          // Long names wrap rather than push the actions out of sight; on a table wider than the
          // screen (the plots' nine columns) the actions stay in sight as the rest scrolls.
          wrapLines
          stickyColumns={{ first: 0, last: 1 }}
          trackBy="id"
          items={items}
          columnDefinitions={columnDefinitions}
          columnDisplay={columnDisplay}
          sortingColumn={{ sortingField: sort.field }}
          sortingDescending={sort.direction === 'desc'}
          onSortingChange={({ detail }) =>
            setSort({
              field: detail.sortingColumn.sortingField ?? defaultSort.field,
              direction: detail.isDescending ? 'desc' : 'asc',
            })
          }
          ariaLabels={{ tableLabel: props.title }}
          header={
            <Header
              variant="awsui-h1-sticky"
              counter={count === undefined ? undefined : `(${count})`}
              description={
                <>
                  {t(`${texts}.description`)}
                  {props.total && (
                    // Held with a dash until the first answer, so that it moves nothing when it comes.
                    <span className="admin-table-total">
                      {t(adminTableTotalKey, {
                        amount: total === undefined ? totalUnknown : props.total(total),
                      })}
                    </span>
                  )}
                </>
              }
              actions={
                <div className="admin-table-actions">
                  <Button variant="primary" iconName="add-plus" href={props.addHref} onFollow={follow}>
                    {t(`${texts}.add`)}
                  </Button>
                </div>
              }
            >
              {props.title}
            </Header>
          }
          filter={props.filter}
          pagination={paging.pagination(count ?? 0, loading, count !== undefined)}
          preferences={paging.preferences(shown.data !== undefined, { options: columnOptions, visible })}
          empty={
            loading ? (
              <TableLoadingState text={t(`${texts}.loading`)} />
            ) : answer.isError ? (
              <TableEmptyState
                title={t(`${texts}.failed`)}
                action={<Button onClick={() => void answer.refetch()}>{t('adminTable.retry')}</Button>}
              />
            ) : filtered ? (
              <TableNoMatchState
                title={t('adminTable.noMatch.title')}
                message={t(`${texts}.noMatch`)}
                action={<Button onClick={props.onClearFilters}>{t('adminTable.noMatch.clear')}</Button>}
              />
            ) : (
              <TableEmptyState
                title={t(`${texts}.empty`)}
                action={
                  <Button href={props.addHref} onFollow={follow}>
                    {t(`${texts}.add`)}
                  </Button>
                }
              />
            )
          }
        />
      </div>
      <ConfirmDialog
        visible={deleting !== null}
        header={t(`${texts}.delete.title`)}
        confirmLabel={t('adminTable.delete.confirm')}
        cancelLabel={t('adminTable.delete.cancel')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <Box variant="p">
          {deleting ? t(`${texts}.delete.message`, { record: props.describe(deleting) }) : ''}
        </Box>
      </ConfirmDialog>
    </SpaceBetween>
  );
}
