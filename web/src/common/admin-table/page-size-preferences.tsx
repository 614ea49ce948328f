import { useTranslation } from 'react-i18next';
import CollectionPreferences, {
  type CollectionPreferencesProps,
} from '@cloudscape-design/components/collection-preferences';
import { DEFAULT_ADMIN_PAGE_SIZE } from '../../api/admin-records.ts';
import { preferencesLabels } from './table-labels.ts';

/** A page size, or "All" (every page, one after the other). */
export type PageSizeChoice = number | 'all';

// Cloudscape's page-size options are integers: "All" takes one that no page size is.
const ALL_OPTION = 0;

/** A table's columns the user may show or hide (those `alwaysVisible` stay). */
export interface ColumnChoice {
  options: { id: string; label: string; alwaysVisible?: boolean }[];
  /** The ids of the columns shown, in order. */
  visible: readonly string[];
  onChange: (visible: string[]) => void;
}

export interface PageSizePreferencesProps {
  /** The sizes offered by number; "All" follows them. */
  offered: readonly number[];
  choice: PageSizeChoice;
  sizeLabel: (size: number) => string;
  onChange: (choice: PageSizeChoice) => void;
  columns?: ColumnChoice;
}

/**
 * A table's preferences: its page size (5, 10, 25 or All for the admin tables, spec section 9) and,
 * where the table lets them be chosen, its columns.
 */
export function PageSizePreferences({
  offered,
  choice,
  sizeLabel,
  onChange,
  columns,
}: PageSizePreferencesProps) {
  const { t } = useTranslation();
  const contentDisplay: CollectionPreferencesProps.ContentDisplayItem[] | undefined = columns?.options.map(
    (option) => ({
      id: option.id,
      visible: option.alwaysVisible === true || columns.visible.includes(option.id),
    }),
  );
  return (
    <CollectionPreferences
      {...preferencesLabels(t)}
      preferences={{
        pageSize: choice === 'all' ? ALL_OPTION : choice,
        ...(contentDisplay && { contentDisplay }),
      }}
      pageSizePreference={{
        title: t('adminTable.preferences.pageSize'),
        options: [
          ...offered.map((size) => ({ value: size, label: sizeLabel(size) })),
          { value: ALL_OPTION, label: t('adminTable.preferences.all') },
        ],
      }}
      {...(columns && {
        contentDisplayPreference: {
          title: t('adminTable.preferences.columns'),
          description: t('adminTable.preferences.columnsDescription'),
          options: columns.options,
          i18nStrings: {
            columnFilteringPlaceholder: t('adminTable.preferences.columnFilter'),
            columnFilteringClearFilterText: t('adminTable.preferences.columnFilterClear'),
            columnFilteringNoMatchText: t('adminTable.preferences.columnFilterNoMatch'),
            columnFilteringCountText: (count: number) =>
              t('adminTable.preferences.columnFilterCount', { count }),
          },
        },
      })}
      onConfirm={({ detail }) => {
        const size = detail.pageSize ?? DEFAULT_ADMIN_PAGE_SIZE;
        const next: PageSizeChoice = size === ALL_OPTION ? 'all' : size;
        if (next !== choice) onChange(next);
        if (columns && detail.contentDisplay)
          columns.onChange(
            detail.contentDisplay.filter((column) => column.visible).map((column) => column.id),
          );
      }}
    />
  );
}
