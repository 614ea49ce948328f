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

const contributions: AdminRecordTableConfig<'contributions'> = {
  kind: 'contributions',
  screen: 'adminContributions',
  preferences: 'adminContributions',
  protection: true,
  defaultSort: { field: 'contributionDate', direction: 'desc' },
  columns: ({ t, formats }) => [
    memberNameColumn(t),
    memberNumberColumn(t),
    plotColumn(t),
    amountColumn(t, formats),
    sortedColumn('protectionType', t('adminRecords.columns.protectionType'), (row) =>
      t(`members.protectionTypes.${row.protectionType}`),
    ),
    dateColumn('contributionDate', t('adminRecords.columns.contributionDate'), formats),
    createdByColumn(t),
  ],
  addHref: paths.newContribution,
  editHref: (row) => paths.updateContribution(row.id),
  describe: (row, { t, formats }) => moneyRecordValue(t, formats, row, row.contributionDate),
};

/** The enabler's contributions: numbered pages, any column sorted, newest first by default, with their total. */
export function AdminContributionsPage() {
  return <AdminRecordTable config={contributions} />;
}
