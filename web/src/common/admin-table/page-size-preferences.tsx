import { useTranslation } from 'react-i18next';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import { DEFAULT_ADMIN_PAGE_SIZE } from '../../api/admin-records.ts';
import { preferencesLabels } from './table-labels.ts';

/** A page size, or "All" (every page, one after the other). */
export type PageSizeChoice = number | 'all';

// Cloudscape's page-size options are integers: "All" takes one that no page size is.
const ALL_OPTION = 0;

export interface PageSizePreferencesProps {
  /** The sizes offered by number; "All" follows them. */
  offered: readonly number[];
  choice: PageSizeChoice;
  sizeLabel: (size: number) => string;
  onChange: (choice: PageSizeChoice) => void;
}

/** A table's preferences: its page size, 5, 10, 25 or All for the admin tables (spec section 9). */
export function PageSizePreferences({ offered, choice, sizeLabel, onChange }: PageSizePreferencesProps) {
  const { t } = useTranslation();
  return (
    <CollectionPreferences
      {...preferencesLabels(t)}
      preferences={{ pageSize: choice === 'all' ? ALL_OPTION : choice }}
      pageSizePreference={{
        title: t('adminTable.preferences.pageSize'),
        options: [
          ...offered.map((size) => ({ value: size, label: sizeLabel(size) })),
          { value: ALL_OPTION, label: t('adminTable.preferences.all') },
        ],
      }}
      onConfirm={({ detail }) => {
        const size = detail.pageSize ?? DEFAULT_ADMIN_PAGE_SIZE;
        onChange(size === ALL_OPTION ? 'all' : size);
      }}
    />
  );
}
