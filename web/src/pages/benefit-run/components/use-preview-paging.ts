import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import type { PreviewSort } from '../../../api/benefit-runs.ts';
import { useNumberedPages } from '../../../common/admin-table/numbered-pages.tsx';

/** What a page of a preview table counts: the rows that match its filters, and all. */
interface Counted {
  count: number;
  total: number;
}

/** A preview table's counter: (all), or (matching/all) while a filter leaves some out. */
export const counterOf = (page: Counted | undefined): string | undefined =>
  page && (page.count === page.total ? `(${page.total})` : `(${page.count}/${page.total})`);

/**
 * The paging and the one sort of a preview table the server pages by number: a new sort, like a new
 * filter (`toFirstPage`), starts again at page 1.
 */
export function usePreviewPaging<Field extends string>(defaultSort: PreviewSort<Field>) {
  const { t } = useTranslation();
  const paging = useNumberedPages((size) => t('adminTable.preferences.size', { size }));
  const [sort, setSort] = useState(defaultSort);
  const sorting: Pick<TableProps, 'sortingColumn' | 'sortingDescending' | 'onSortingChange'> = {
    sortingColumn: { sortingField: sort.field },
    sortingDescending: sort.direction === 'desc',
    onSortingChange: ({ detail }) => {
      setSort({
        field: (detail.sortingColumn.sortingField ?? defaultSort.field) as Field,
        direction: detail.isDescending ? 'desc' : 'asc',
      });
      paging.toFirstPage();
    },
  };
  return { ...paging, sort, sorting };
}
