import { useTranslation } from 'react-i18next';
import { adminRecordPage, deleteAdminRecord, type AdminContributionRow } from '../../api/admin-records.ts';
import { paths } from '../../navigation/paths.ts';
import { useAdminFilters } from '../../common/admin-table/admin-filters.tsx';
import {
  amountColumn,
  createdByColumn,
  dateColumn,
  memberNameColumn,
  memberNumberColumn,
  plotColumn,
} from '../../common/admin-table/admin-record-columns.tsx';
import { AdminTable } from '../../common/admin-table/admin-table.tsx';
import { adminTables } from '../../common/admin-table/table-texts.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useMemberFormats } from '../../common/format/use-member-formats.ts';

/** The enabler's contributions: numbered pages, any column sorted, newest first by default, with their total. */
export function AdminContributionsPage() {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  const filters = useAdminFilters({ protection: true });
  useDocumentTitle(t('screens.adminContributions'));
  return (
    <AdminTable<AdminContributionRow>
      preferences="adminContributions"
      resource="contributions"
      texts={adminTables.adminContributions.texts}
      title={t('screens.adminContributions')}
      readPage={adminRecordPage('contributions', filters.values)}
      filterValues={filters.values}
      filtered={filters.filtered}
      onClearFilters={filters.clear}
      filter={filters.element}
      defaultSort={{ field: 'contributionDate', direction: 'desc' }}
      total={formats.amount}
      columns={[
        memberNameColumn(t),
        memberNumberColumn(t),
        plotColumn(t),
        amountColumn(t, formats),
        {
          id: 'protectionType',
          sortingField: 'protectionType',
          header: t('adminRecords.columns.protectionType'),
          cell: (row) => t(`members.protectionTypes.${row.protectionType}`),
        },
        dateColumn('contributionDate', t('adminRecords.columns.contributionDate'), formats),
        createdByColumn(t),
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
