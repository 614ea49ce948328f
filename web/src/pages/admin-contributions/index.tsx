import { useTranslation } from 'react-i18next';
import { deleteAdminRecord, listAdminRecords, type AdminContributionRow } from '../../api/admin-records.ts';
import { paths } from '../../navigation/paths.ts';
import { useAdminFilters } from '../../common/admin-table/admin-filters.tsx';
import {
  amountColumn,
  dateColumn,
  memberColumn,
  plotColumn,
} from '../../common/admin-table/admin-record-columns.tsx';
import { AdminTable } from '../../common/admin-table/admin-table.tsx';
import { useDocumentTitle } from '../../common/browser/use-document-title.ts';
import { useMemberFormats } from '../../common/format/use-member-formats.ts';

/** The enabler's contributions: paged by cursor, newest first by default, filtered by protection too. */
export function AdminContributionsPage() {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  const filters = useAdminFilters({ protection: true });
  useDocumentTitle(t('screens.adminContributions'));
  return (
    <AdminTable<AdminContributionRow>
      resource="contributions"
      texts="adminRecords.contributions"
      title={t('screens.adminContributions')}
      readPage={({ page, pageSize, cursor, sort }) =>
        listAdminRecords('contributions', {
          page,
          pageSize,
          cursor,
          'sort:contributionDate': sort.direction,
          ...filters.filterValues,
        })
      }
      filterValues={filters.filterValues}
      filtered={filters.filtered}
      onClearFilters={filters.clear}
      filter={filters.element}
      defaultSort={{ field: 'contributionDate', direction: 'desc' }}
      columns={[
        memberColumn(t),
        plotColumn(t),
        amountColumn(t, formats),
        {
          id: 'protectionType',
          header: t('adminRecords.columns.protectionType'),
          cell: (row) => t(`members.protectionTypes.${row.protectionType}`),
        },
        dateColumn('contributionDate', t('adminRecords.columns.contributionDate'), formats, true),
      ]}
      addHref={paths.newContribution}
      editHref={(row) => paths.updateContribution(row.id)}
      describe={(row) =>
        t('adminRecords.recordValue', {
          member: row.memberName,
          amount: formats.amount(row.amount),
          date: formats.date(row.contributionDate),
        })
      }
      deleteRow={(row) => deleteAdminRecord('contributions', row.id)}
    />
  );
}
