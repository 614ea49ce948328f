import { paths } from '../../navigation/paths.ts';
import { AdminRecordTable, moneyTableConfig } from '../../common/admin-table/admin-record-table.tsx';

const cashouts = moneyTableConfig({
  kind: 'cashouts',
  screen: 'adminCashouts',
  date: 'cashoutDate',
  addHref: paths.newCashout,
  editHref: (row) => paths.updateCashout(row.id),
});

/** The benefits paid to the enabler's members (cashouts): numbered pages, any column sorted, with their total. */
export function AdminCashoutsPage() {
  return <AdminRecordTable config={cashouts} />;
}
