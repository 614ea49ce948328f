import { lazy, Suspense, useState } from 'react';
import './numbered-pages.css';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Pagination from '@cloudscape-design/components/pagination';
import { adminTablePaging, DEFAULT_ADMIN_PAGE_SIZE } from '../../api/admin-records.ts';
import type { PageSizes } from '../../api/every-page.ts';
import type { PageSizeChoice } from './page-size-preferences.tsx';
import { paginationLabels, preferencesLabels } from './table-labels.ts';

// The preferences (their modal and its drag-and-drop library) are not needed for a table's first look:
// they are fetched once its first answer has come, as the member list's are.
const PageSizePreferences = lazy(() =>
  import('./page-size-preferences.tsx').then(({ PageSizePreferences }) => ({
    default: PageSizePreferences,
  })),
);

/**
 * The page and page size of an administrator's table, which the server pages by number (spec section
 * 9: sizes 5, 10, 25 and All, 10 by default; the reports' own sizes are 5, 10, 25, 50 and All), with
 * its numbered pagination and page-size preference. "All" reads every page of the table's
 * `allPageSize` and shows them on one page (`pageSize` is then that size); it is not remembered: the
 * next visit shows 10 again. Another size, or any other change of the query through `toFirstPage`,
 * starts again at page 1.
 */
export function useNumberedPages(
  sizeLabel: (size: number) => string,
  { offered, allPageSize }: PageSizes = adminTablePaging,
) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [choice, setChoice] = useState<PageSizeChoice>(DEFAULT_ADMIN_PAGE_SIZE);
  const all = choice === 'all';
  const pageSize = all ? allPageSize : choice;
  return {
    page: all ? 1 : page,
    pageSize,
    all,
    toFirstPage: () => setPage(1),
    /** The numbered pager of `count` rows (none for "All"), held still while a page loads. */
    pagination: (count: number, loading = false) =>
      all ? undefined : (
        <div className="numbered-pages">
          <Pagination
            currentPageIndex={page}
            pagesCount={Math.max(1, Math.ceil(count / pageSize))}
            disabled={loading}
            onChange={({ detail }) => setPage(detail.currentPageIndex)}
            ariaLabels={paginationLabels(t)}
          />
        </div>
      ),
    /**
     * The page-size preferences once `answered` (the first answer has come); until then their trigger's
     * place, kept, so that nothing moves when they arrive.
     */
    preferences: (answered: boolean) => {
      const placeholder = (
        <Button variant="icon" iconName="settings" disabled ariaLabel={preferencesLabels(t).title} />
      );
      return answered ? (
        <Suspense fallback={placeholder}>
          <PageSizePreferences
            offered={offered}
            choice={choice}
            sizeLabel={sizeLabel}
            onChange={(next) => {
              setChoice(next);
              setPage(1);
            }}
          />
        </Suspense>
      ) : (
        placeholder
      );
    },
  };
}
