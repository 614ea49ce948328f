import { useTranslation } from 'react-i18next';
import { adminRecordPage, deleteAdminRecord, type AdminCashoutRow } from '../../api/admin-records.ts';
import { paths } from '../../navigation/paths.ts';
import { useAdminFilters } from '../../common/admin-table/admin-filters.tsx';
import {
  amountColumn,
  createdByColumn,
  dateColumn,
  memberNameColumn,
  memberNumberColumn,
} from '../../common/admin-table/admin-record-columns.tsx';
import { AdminTable } from '../../common/admin-table/admin-table.tsx';
import { adminTables } from '../../common/admin-table/table-texts.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useMemberFormats } from '../../common/format/use-member-formats.ts';

/** The benefits paid to the enabler's members (cashouts): numbered pages, any column sorted, with their total. */
export function AdminCashoutsPage() {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  const filters = useAdminFilters();
  useDocumentTitle(t('screens.adminCashouts'));
  return (
    <AdminTable<AdminCashoutRow>
      preferences="adminCashouts"
      resource="cashouts"
      texts={adminTables.adminCashouts.texts}
      title={t('screens.adminCashouts')}
      readPage={adminRecordPage('cashouts', filters.values)}
      filterValues={filters.values}
      filtered={filters.filtered}
      onClearFilters={filters.clear}
      filter={filters.element}
      defaultSort={{ field: 'cashoutDate', direction: 'desc' }}
      total={formats.amount}
      columns={[
        memberNameColumn(t),
        memberNumberColumn(t),
        amountColumn(t, formats),
        dateColumn('cashoutDate', t('adminRecords.columns.cashoutDate'), formats),
        createdByColumn(t),
      ]}
      addHref={paths.newCashout}
      editHref={(row) => paths.updateCashout(row.id)}
      describe={(row) =>
        t('adminRecords.recordValue', {
          member: row.memberName,
          amount: formats.amount(row.amount),
          date: formats.date(row.cashoutDate),
        })
      }
      deleteRow={(row) => deleteAdminRecord('cashouts', row.id)}
    />
  );
}
