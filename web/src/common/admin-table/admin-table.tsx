import { useState, type MouseEvent, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Flashbar from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import {
  ALL_PAGE_SIZE,
  DEFAULT_ADMIN_PAGE_SIZE,
  adminTablePageSizes,
  type AdminListPage,
} from '../../api/admin-records.ts';
import { paginationLabels, preferencesLabels } from './table-labels.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { firstPage, goToPage, hasMorePages, pagingFor } from './admin-table-paging.ts';
import { openInNewTab } from '../browser/browser.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { TableEmptyState, TableNoMatchState } from '../ui/table-states.tsx';
import { useFollow } from '../browser/use-follow.ts';

export type SortDirection = 'asc' | 'desc';

export interface AdminTableSort {
  field: string;
  direction: SortDirection;
}

/** What one page is read with: the cursor (undefined for the first page) and its 1-based number. */
export interface AdminPageRequest {
  pageSize: number;
  page: number;
  cursor: string | undefined;
  sort: AdminTableSort;
}

/** What the table reads of a page: its rows and the next page's cursor (null on the last page). */
export type AdminPageAnswer<Row> = Pick<AdminListPage<Row>, 'items' | 'nextCursor'>;

/** "All" reads at most this many pages (100,000 rows), so that a runaway cursor cannot loop forever. */
const MAX_ALL_PAGES = 200;

/** "All": every page of the largest size, one request after another, each with the cursor the last answered. */
export async function readAllPages<Row>(
  readPage: (request: AdminPageRequest) => Promise<AdminPageAnswer<Row>>,
  sort: AdminTableSort,
): Promise<AdminPageAnswer<Row>> {
  const items: Row[] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= MAX_ALL_PAGES; page += 1) {
    const answer = await readPage({ pageSize: ALL_PAGE_SIZE, page, cursor, sort });
    items.push(...answer.items);
    if (answer.nextCursor === null) return { items, nextCursor: null };
    cursor = answer.nextCursor;
  }
  return { items, nextCursor: cursor ?? null };
}

export interface AdminTableProps<Row extends { id: string }> {
  /** The resource (query-key part): 'members', 'plots'… */
  resource: string;
  /** Reads one page with the table's filters (the page builds the query string). */
  readPage: (request: AdminPageRequest) => Promise<AdminPageAnswer<Row>>;
  /** The filters' values: a change starts again from the first page. */
  filterValues: Record<string, string | undefined>;
  /** Some filter or search is on (the empty table then says "no match"). */
  filtered: boolean;
  onClearFilters: () => void;
  /** The search and filter fields, above the table. */
  filter: ReactNode;
  columns: TableProps.ColumnDefinition<Row>[];
  defaultSort: AdminTableSort;
  /** The translation section of the table's texts (title, empty, delete…): `<texts>.*`. */
  texts: string;
  title: string;
  addHref: string;
  editHref: (row: Row) => string;
  /** What the delete confirmation names (a member's name, an amount and a date…). */
  describe: (row: Row) => string;
  deleteRow: (row: Row) => Promise<unknown>;
}

const interactive = 'a, button, input, select, textarea, [role="button"], [role="menuitem"]';

/**
 * An administrator's table (spec sections 2 and 9): server paging by cursor (page sizes 5, 10, 25 and
 * All; All goes back to 10 on the next visit), one sort, filters, add, edit and delete with
 * confirmation. A click on a row opens its edit form; ctrl-click or middle-click opens it in a new tab.
 */
export function AdminTable<Row extends { id: string }>(props: AdminTableProps<Row>) {
  const { resource, readPage, filterValues, filtered, columns, defaultSort, texts, editHref } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const follow = useFollow();
  const queryClient = useQueryClient();
  const [pageSize, setPageSize] = useState(DEFAULT_ADMIN_PAGE_SIZE);
  const [sort, setSort] = useState<AdminTableSort>(defaultSort);
  const identity = JSON.stringify({ pageSize, sort, filterValues });
  const [storedPaging, setPaging] = useState(() => firstPage(identity));
  const paging = pagingFor(storedPaging, identity);
  const all = pageSize === ALL_PAGE_SIZE;
  const cursor = paging.cursors[paging.pageIndex - 1];

  const answer = useQuery({
    queryKey: queryKeys.admin.list(resource, { pageSize, sort, filterValues, cursor, all }),
    queryFn: () =>
      all ? readAllPages(readPage, sort) : readPage({ pageSize, page: paging.pageIndex, cursor, sort }),
    placeholderData: keepPreviousData,
  });
  const current = answer.isPlaceholderData ? undefined : answer.data;
  const loading = answer.isPending || answer.isPlaceholderData;
  const nextCursor = current?.nextCursor;

  const [deleting, setDeleting] = useState<Row | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (row: Row) => props.deleteRow(row),
    // Read again after a refusal too: the record may have changed meanwhile. Totals of members move.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.members.all }),
      ]),
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

  const actionsColumn: TableProps.ColumnDefinition<Row> = {
    id: 'actions',
    header: t('adminTable.actions.header'),
    cell: (row) => (
      <ButtonDropdown
        variant="inline-icon"
        ariaLabel={t('adminTable.actions.label', { record: props.describe(row) })}
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

  const items = current?.items ?? [];
  const pageSizeLabel = (size: number) =>
    size === ALL_PAGE_SIZE ? t('adminTable.preferences.all') : t('adminTable.preferences.size', { size });

  return (
    <SpaceBetween size="m">
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
      <div onClick={openRow} onAuxClick={openRow} className="admin-table">
        <Table
          variant="full-page"
          // Long names wrap rather than push the actions out of sight; on a table wider than the
          // screen (the plots' nine columns) the actions stay in sight as the rest scrolls.
          wrapLines
          stickyColumns={{ first: 0, last: 1 }}
          trackBy="id"
          items={items}
          columnDefinitions={[...columns, actionsColumn]}
          loading={loading}
          loadingText={t(`${texts}.loading`)}
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
              counter={all && current ? `(${current.items.length})` : undefined}
              description={t(`${texts}.description`)}
              actions={
                <Button variant="primary" iconName="add-plus" href={props.addHref} onFollow={follow}>
                  {t(`${texts}.add`)}
                </Button>
              }
            >
              {props.title}
            </Header>
          }
          filter={props.filter}
          pagination={
            all ? undefined : (
              <Pagination
                currentPageIndex={paging.pageIndex}
                pagesCount={paging.cursors.length}
                openEnd={hasMorePages(paging, nextCursor)}
                disabled={loading}
                onChange={({ detail }) => setPaging(goToPage(paging, detail.currentPageIndex, nextCursor))}
                ariaLabels={paginationLabels(t)}
              />
            )
          }
          preferences={
            <CollectionPreferences
              {...preferencesLabels(t)}
              preferences={{ pageSize }}
              pageSizePreference={{
                title: t('adminTable.preferences.pageSize'),
                options: adminTablePageSizes.map((size) => ({ value: size, label: pageSizeLabel(size) })),
              }}
              onConfirm={({ detail }) => setPageSize(detail.pageSize ?? DEFAULT_ADMIN_PAGE_SIZE)}
            />
          }
          empty={
            answer.isError ? (
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
