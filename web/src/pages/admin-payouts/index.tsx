import { paths } from '../../navigation/paths.ts';
import { dateColumn, plotColumn } from '../../common/admin-table/admin-record-columns.tsx';
import { sortedColumn } from '../../common/table/sorted-column.ts';
import { AdminRecordTable, moneyTableConfig } from '../../common/admin-table/admin-record-table.tsx';

const payouts = moneyTableConfig({
  kind: 'payouts',
  screen: 'adminPayouts',
  date: 'payoutDate',
  plotColumns: ({ t }) => [plotColumn(t)],
  columns: ({ t, formats }) => [
    sortedColumn('assessmentId', t('adminRecords.columns.assessmentId'), (row) => row.assessmentId),
    dateColumn('assessmentDate', t('adminRecords.columns.assessmentDate'), formats),
  ],
  addHref: paths.newPayout,
  editHref: (row) => paths.updatePayout(row.id),
});

/** The enabler's benefits (payouts): numbered pages, any column sorted, newest first by default, with their total. */
export function AdminPayoutsPage() {
  return <AdminRecordTable config={payouts} />;
}
