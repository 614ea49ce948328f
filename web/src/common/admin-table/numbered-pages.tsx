import { lazy, Suspense, useState } from 'react';
import './numbered-pages.css';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Pagination from '@cloudscape-design/components/pagination';
import { adminTablePaging, DEFAULT_ADMIN_PAGE_SIZE } from '../../api/admin-records.ts';
import type { PageSizes } from '../../api/every-page.ts';
import type { PreferenceTable } from '../../api/preferences.ts';
import { useTablePreferences } from '../../api/preferences-queries.ts';
import type { ColumnChoice, PageSizeChoice } from './page-size-preferences.tsx';
import { PageSizeSelect } from './page-size-select.tsx';
import { PagerPlace } from './pager-place.tsx';
import { paginationLabels, preferencesLabels } from './table-labels.ts';
import { pageKeepingFirstRow } from '../format/first-row.ts';

// The preferences (their modal and its drag-and-drop library) are not needed for a table's first look:
// they are fetched once its first answer has come, as the member list's are.
const PageSizePreferences = lazy(() =>
  import('./page-size-preferences.tsx').then(({ PageSizePreferences }) => ({
    default: PageSizePreferences,
  })),
);

/**
 * The page and page size of a table whose rows the server pages by number (spec section 9: sizes 5, 10,
 * 25 and All, 10 by default; the reports' own sizes are 5, 10, 25, 50 and All), with its numbered pager,
 * a page-size choice beside it and the table's preferences. The size is kept on the server per user and
 * table (`table`): it follows the user to the next session and browser. "All" reads every page of the
 * table's `allPageSize` and shows them on one page; it is not kept: the next visit shows the size kept.
 * A new size keeps the first row shown in view; any other change of the query through `toFirstPage`
 * starts again at page 1.
 */
export function useNumberedPages(
  sizeLabel: (size: number) => string,
  { offered, allPageSize }: PageSizes = adminTablePaging,
  table?: PreferenceTable,
) {
  const { t } = useTranslation();
  const kept = useTablePreferences(table);
  const [page, setPage] = useState(1);
  const [all, setAll] = useState(false);
  const keptSize = kept.chosen.pageSize;
  const size = keptSize !== undefined && offered.includes(keptSize) ? keptSize : DEFAULT_ADMIN_PAGE_SIZE;
  const pageSize = all ? allPageSize : size;
  const choice: PageSizeChoice = all ? 'all' : size;
  const choose = (next: PageSizeChoice) => {
    if (next === 'all') {
      setAll(true);
      setPage(1);
      return;
    }
    setPage(all ? 1 : pageKeepingFirstRow(page, size, next));
    setAll(false);
    kept.save({ pageSize: next });
  };
  return {
    page: all ? 1 : page,
    pageSize,
    all,
    /** The kept preferences are read (or could not be): the table may ask for its first page. */
    ready: kept.ready,
    toFirstPage: () => setPage(1),
    /** The kept columns of the table (undefined: its defaults), and their keeper. */
    columns: {
      visible: kept.chosen.visibleColumns,
      save: (visible: string[]) => kept.save({ visibleColumns: visible }),
    },
    /**
     * The page-size choice and the numbered pager of `count` rows (none for "All"), held still while a page
     * loads; `rowsCame`: the table has drawn its first answer's rows (pager-place.tsx; true when not told).
     */
    pagination: (count: number, loading = false, rowsCame = true) => (
      <PagerPlace rowsCame={rowsCame}>
        <div className="numbered-pages">
          <PageSizeSelect offered={offered} choice={choice} sizeLabel={sizeLabel} onChange={choose} />
          {!all && (
            <div className="numbered-pages__pager">
              <Pagination
                currentPageIndex={page}
                pagesCount={Math.max(1, Math.ceil(count / pageSize))}
                disabled={loading}
                onChange={({ detail }) => setPage(detail.currentPageIndex)}
                ariaLabels={paginationLabels(t)}
              />
            </div>
          )}
        </div>
      </PagerPlace>
    ),
    /**
     * The preferences once `answered` (the first answer has come); until then their trigger's place,
     * kept, so that nothing moves when they arrive. With `columns`, the columns to show are chosen there too.
     */
    preferences: (
      answered: boolean,
      columns?: Omit<ColumnChoice, 'onChange' | 'visible'> & { visible: readonly string[] },
    ) => {
      const placeholder = (
        <Button variant="icon" iconName="settings" disabled ariaLabel={preferencesLabels(t).title} />
      );
      return answered ? (
        <Suspense fallback={placeholder}>
          <PageSizePreferences
            offered={offered}
            choice={choice}
            sizeLabel={sizeLabel}
            onChange={choose}
            {...(columns && {
              columns: {
                ...columns,
                onChange: (visible: string[]) => kept.save({ visibleColumns: visible }),
              },
            })}
          />
        </Suspense>
      ) : (
        placeholder
      );
    },
  };
}
