import { paths } from '../../navigation/paths.ts';
import {
  amountColumn,
  createdByColumn,
  dateColumn,
  memberNameColumn,
  memberNumberColumn,
  moneyRecordValue,
} from '../../common/admin-table/admin-record-columns.tsx';
import {
  AdminRecordTable,
  type AdminRecordTableConfig,
} from '../../common/admin-table/admin-record-table.tsx';

const cashouts: AdminRecordTableConfig<'cashouts'> = {
  kind: 'cashouts',
  screen: 'adminCashouts',
  preferences: 'adminCashouts',
  defaultSort: { field: 'cashoutDate', direction: 'desc' },
  columns: ({ t, formats }) => [
    memberNameColumn(t),
    memberNumberColumn(t),
    amountColumn(t, formats),
    dateColumn('cashoutDate', t('adminRecords.columns.cashoutDate'), formats),
    createdByColumn(t),
  ],
  addHref: paths.newCashout,
  editHref: (row) => paths.updateCashout(row.id),
  describe: (row, { t, formats }) => moneyRecordValue(t, formats, row, row.cashoutDate),
};

/** The benefits paid to the enabler's members (cashouts): numbered pages, any column sorted, with their total. */
export function AdminCashoutsPage() {
  return <AdminRecordTable config={cashouts} />;
}
