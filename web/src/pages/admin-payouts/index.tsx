import { paths } from '../../navigation/paths.ts';
import {
  amountColumn,
  createdByColumn,
  dateColumn,
  memberNameColumn,
  memberNumberColumn,
  moneyRecordValue,
  plotColumn,
} from '../../common/admin-table/admin-record-columns.tsx';
import { sortedColumn } from '../../common/table/sorted-column.ts';
import {
  AdminRecordTable,
  type AdminRecordTableConfig,
} from '../../common/admin-table/admin-record-table.tsx';

const payouts: AdminRecordTableConfig<'payouts'> = {
  kind: 'payouts',
  screen: 'adminPayouts',
  preferences: 'adminPayouts',
  defaultSort: { field: 'payoutDate', direction: 'desc' },
  columns: ({ t, formats }) => [
    memberNameColumn(t),
    memberNumberColumn(t),
    plotColumn(t),
    amountColumn(t, formats),
    sortedColumn('assessmentId', t('adminRecords.columns.assessmentId'), (row) => row.assessmentId),
    dateColumn('assessmentDate', t('adminRecords.columns.assessmentDate'), formats),
    dateColumn('payoutDate', t('adminRecords.columns.payoutDate'), formats),
    createdByColumn(t),
  ],
  addHref: paths.newPayout,
  editHref: (row) => paths.updatePayout(row.id),
  describe: (row, { t, formats }) => moneyRecordValue(t, formats, row, row.payoutDate),
};

/** The enabler's benefits (payouts): numbered pages, any column sorted, newest first by default, with their total. */
export function AdminPayoutsPage() {
  return <AdminRecordTable config={payouts} />;
}
