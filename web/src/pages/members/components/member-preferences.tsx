import { useTranslation } from 'react-i18next';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import { memberPageSizes } from '../../../api/members.ts';

export interface MemberPreferencesProps {
  pageSize: number;
  onPageSizeChange: (pageSize: number) => void;
}

/** The table's preferences: the page size. */
export function MemberPreferences({ pageSize, onPageSizeChange }: MemberPreferencesProps) {
  const { t } = useTranslation();
  return (
    <CollectionPreferences
      title={t('members.list.preferences.title')}
      confirmLabel={t('members.list.preferences.confirm')}
      cancelLabel={t('members.list.preferences.cancel')}
      preferences={{ pageSize }}
      pageSizePreference={{
        title: t('members.list.preferences.pageSize'),
        options: memberPageSizes.map((size) => ({
          value: size,
          label: t('members.list.preferences.pageSizeOption', { size }),
        })),
      }}
      onConfirm={({ detail }) => {
        if (detail.pageSize !== undefined && detail.pageSize !== pageSize) onPageSizeChange(detail.pageSize);
      }}
    />
  );
}
