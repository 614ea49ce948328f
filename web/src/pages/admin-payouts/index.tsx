import { useTranslation } from 'react-i18next';
import { adminRecordPage, deleteAdminRecord, type AdminPayoutRow } from '../../api/admin-records.ts';
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

/** The enabler's benefits (payouts): numbered pages, any column sorted, newest first by default, with their total. */
export function AdminPayoutsPage() {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  const filters = useAdminFilters();
  useDocumentTitle(t('screens.adminPayouts'));
  return (
    <AdminTable<AdminPayoutRow>
      preferences="adminPayouts"
      resource="payouts"
      texts={adminTables.adminPayouts.texts}
      title={t('screens.adminPayouts')}
      readPage={adminRecordPage('payouts', filters.values)}
      filterValues={filters.values}
      filtered={filters.filtered}
      onClearFilters={filters.clear}
      filter={filters.element}
      defaultSort={{ field: 'payoutDate', direction: 'desc' }}
      total={formats.amount}
      columns={[
        memberNameColumn(t),
        memberNumberColumn(t),
        plotColumn(t),
        amountColumn(t, formats),
        {
          id: 'assessmentId',
          sortingField: 'assessmentId',
          header: t('adminRecords.columns.assessmentId'),
          cell: (row) => row.assessmentId,
        },
        dateColumn('assessmentDate', t('adminRecords.columns.assessmentDate'), formats),
        dateColumn('payoutDate', t('adminRecords.columns.payoutDate'), formats),
        createdByColumn(t),
      ]}
      addHref={paths.newPayout}
      editHref={(row) => paths.updatePayout(row.id)}
      describe={(row) =>
        t('adminRecords.recordValue', {
          member: row.memberName,
          amount: formats.amount(row.amount),
          date: formats.date(row.payoutDate),
        })
      }
      deleteRow={(row) => deleteAdminRecord('payouts', row.id)}
    />
  );
}
