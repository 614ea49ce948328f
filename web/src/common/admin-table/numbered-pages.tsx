import { useState } from 'react';
import './numbered-pages.css';
import { useTranslation } from 'react-i18next';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Pagination from '@cloudscape-design/components/pagination';
import { ALL_PAGE_SIZE, DEFAULT_ADMIN_PAGE_SIZE, adminTablePageSizes } from '../../api/admin-records.ts';
import { paginationLabels, preferencesLabels } from './table-labels.ts';

/**
 * The page and page size of an administrator's table, which the server pages by number (spec section
 * 9: sizes 5, 10, 25 and All, 10 by default), with its numbered pagination and page-size preference.
 * "All" reads every page of the largest size and shows them on one page; it is not remembered: the
 * next visit shows 10 again. Another size, or any other change of the query through `toFirstPage`,
 * starts again at page 1.
 */
export function useNumberedPages(sizeLabel: (size: number) => string) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_ADMIN_PAGE_SIZE);
  const all = pageSize === ALL_PAGE_SIZE;
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
    preferences: (
      <CollectionPreferences
        {...preferencesLabels(t)}
        preferences={{ pageSize }}
        pageSizePreference={{
          title: t('adminTable.preferences.pageSize'),
          options: adminTablePageSizes.map((size) => ({
            value: size,
            label: size === ALL_PAGE_SIZE ? t('adminTable.preferences.all') : sizeLabel(size),
          })),
        }}
        onConfirm={({ detail }) => {
          setPageSize(detail.pageSize ?? DEFAULT_ADMIN_PAGE_SIZE);
          setPage(1);
        }}
      />
    ),
  };
}
