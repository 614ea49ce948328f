import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Pagination from '@cloudscape-design/components/pagination';
import { paginationLabels, preferencesLabels } from './table-labels.ts';

/** Spec section 9: the page sizes of the administration tables the server pages by number (logs, reports). */
const pageSizes = [5, 10, 25] as const;
const defaultPageSize = 10;

/**
 * The page and page size of a table the server pages by number, with its pagination and page-size
 * preference: another size, or any other change of the query through `toFirstPage`, starts again at page 1.
 */
export function useNumberedPages(sizeLabel: (size: number) => string) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(defaultPageSize);
  return {
    page,
    pageSize,
    toFirstPage: () => setPage(1),
    pagination: (count: number) => (
      <Pagination
        currentPageIndex={page}
        pagesCount={Math.max(1, Math.ceil(count / pageSize))}
        onChange={({ detail }) => setPage(detail.currentPageIndex)}
        ariaLabels={paginationLabels(t)}
      />
    ),
    preferences: (
      <CollectionPreferences
        {...preferencesLabels(t)}
        preferences={{ pageSize }}
        pageSizePreference={{
          title: t('adminTable.preferences.pageSize'),
          options: pageSizes.map((size) => ({ value: size, label: sizeLabel(size) })),
        }}
        onConfirm={({ detail }) => {
          setPageSize(detail.pageSize ?? defaultPageSize);
          setPage(1);
        }}
      />
    ),
  };
}
