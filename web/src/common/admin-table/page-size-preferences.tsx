import { useTranslation } from 'react-i18next';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import { ALL_PAGE_SIZE, DEFAULT_ADMIN_PAGE_SIZE, adminTablePageSizes } from '../../api/admin-records.ts';
import { preferencesLabels } from './table-labels.ts';

export interface PageSizePreferencesProps {
  pageSize: number;
  sizeLabel: (size: number) => string;
  onChange: (pageSize: number) => void;
}

/** An administrator's table's preferences: its page size, 5, 10, 25 or All (spec section 9). */
export function PageSizePreferences({ pageSize, sizeLabel, onChange }: PageSizePreferencesProps) {
  const { t } = useTranslation();
  return (
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
      onConfirm={({ detail }) => onChange(detail.pageSize ?? DEFAULT_ADMIN_PAGE_SIZE)}
    />
  );
}
