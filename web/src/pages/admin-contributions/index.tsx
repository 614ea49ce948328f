import { paths } from '../../navigation/paths.ts';
import { plotColumn } from '../../common/admin-table/admin-record-columns.tsx';
import { sortedColumn } from '../../common/table/sorted-column.ts';
import { AdminRecordTable, moneyTableConfig } from '../../common/admin-table/admin-record-table.tsx';

const contributions = moneyTableConfig({
  kind: 'contributions',
  screen: 'adminContributions',
  date: 'contributionDate',
  plotColumns: ({ t }) => [plotColumn(t)],
  protection: true,
  columns: ({ t }) => [
    sortedColumn('protectionType', t('adminRecords.columns.protectionType'), (row) =>
      t(`members.protectionTypes.${row.protectionType}`),
    ),
  ],
  addHref: paths.newContribution,
  editHref: (row) => paths.updateContribution(row.id),
});

/** The enabler's contributions: numbered pages, any column sorted, newest first by default, with their total. */
export function AdminContributionsPage() {
  return <AdminRecordTable config={contributions} />;
}
