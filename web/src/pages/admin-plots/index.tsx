import { paths } from '../../navigation/paths.ts';
import {
  dateColumn,
  memberNameColumn,
  memberNumberColumn,
} from '../../common/admin-table/admin-record-columns.tsx';
import { sortedColumn } from '../../common/table/sorted-column.ts';
import {
  AdminRecordTable,
  type AdminRecordTableConfig,
} from '../../common/admin-table/admin-record-table.tsx';
import { formatNumber } from '../../common/format/format.ts';
import { irrigationKey } from '../../common/plots/irrigation.ts';
import { PlotId } from '../../common/plots/plot-id.tsx';

const plots: AdminRecordTableConfig<'plots'> = {
  kind: 'plots',
  screen: 'adminFields',
  preferences: 'adminPlots',
  defaultSort: { field: 'startCoverageDate', direction: 'desc' },
  columns: ({ t, formats, language }) => [
    memberNameColumn(t),
    memberNumberColumn(t),
    sortedColumn('name', t('plots.fields.name'), (row) => row.name),
    // As an assessment file names the plot, copied in one click.
    {
      id: 'id',
      header: t('plots.fields.id'),
      cell: (row) => <PlotId id={row.id} name={row.name} short />,
    },
    {
      // Sorted by latitude, from south to north.
      id: 'coordinates',
      sortingField: 'latitude',
      header: t('plots.fields.coordinates'),
      cell: (row) =>
        t('plots.values.coordinates', {
          latitude: formatNumber(row.latitude, language),
          longitude: formatNumber(row.longitude, language),
        }),
    },
    dateColumn('startCoverageDate', t('plots.fields.startCoverageDate'), formats),
    dateColumn('endCoverageDate', t('plots.fields.endCoverageDate'), formats),
    sortedColumn('droughtMonthlyContrib', t('plots.fields.droughtMonthlyContrib'), (row) =>
      formats.amount(row.droughtMonthlyContrib),
    ),
    // What grows and whether it is irrigated (spec section 3, Plot): '—' and "not known" when unset.
    sortedColumn('cropDescription', t('plots.fields.crop'), (row) => row.cropDescription || '—'),
    // Not known, then no, then yes.
    sortedColumn('isIrrigated', t('plots.fields.irrigated'), (row) => t(irrigationKey(row.isIrrigated))),
  ],
  addHref: paths.newField,
  editHref: (row) => paths.updateField(row.memberId, row.id),
  describe: (row, { t }) => t('adminRecords.fields.describe', { name: row.name, member: row.memberName }),
};

/** The enabler's plots: numbered pages, any column sorted, newest start of coverage first by default. */
export function AdminFieldsPage() {
  return <AdminRecordTable config={plots} />;
}
