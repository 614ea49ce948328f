import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import type { PreviewQuery } from '../../../api/benefit-runs.ts';
import { useNumberedPages } from '../../../common/admin-table/numbered-pages.tsx';
import type { PreferenceTable } from '../../../api/preferences.ts';

type PreviewSort<Field extends string> = PreviewQuery<Field, unknown>['sort'];

export interface PreviewPaging<Field extends string> {
  page: number;
  pageSize: number;
  sort: PreviewSort<Field>;
  toFirstPage: () => void;
  /** The page size the user keeps is read: the first page may be asked for. */
  ready: boolean;
  sorting: Pick<TableProps, 'sortingColumn' | 'sortingDescending' | 'onSortingChange'>;
  pagination: (count: number) => ReactNode;
  /** The page-size preferences, once the first page has come (`answered`). */
  preferences: (answered: boolean) => ReactNode;
}

/**
 * The paging and the one sort of a preview table the server pages by number: a new sort, like a new
 * filter (`toFirstPage`), starts again at page 1.
 */
export function usePreviewPaging<Field extends string>(
  defaultSort: PreviewSort<Field>,
  table: PreferenceTable,
): PreviewPaging<Field> {
  const { t } = useTranslation();
  const paging = useNumberedPages((size) => t('adminTable.preferences.size', { size }), undefined, table);
  const [sort, setSort] = useState(defaultSort);
  return {
    ...paging,
    sort,
    sorting: {
      sortingColumn: { sortingField: sort.field },
      sortingDescending: sort.direction === 'desc',
      onSortingChange: ({ detail }) => {
        setSort({
          field: (detail.sortingColumn.sortingField ?? defaultSort.field) as Field,
          direction: detail.isDescending ? 'desc' : 'asc',
        });
        paging.toFirstPage();
      },
    },
  };
}
