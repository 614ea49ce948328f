import { useTranslation } from 'react-i18next';
import { adminRecordPage, deleteAdminRecord, type AdminPlotRow } from '../../api/admin-records.ts';
import { paths } from '../../navigation/paths.ts';
import { useAdminFilters } from '../../common/admin-table/admin-filters.tsx';
import {
  dateColumn,
  memberNameColumn,
  memberNumberColumn,
} from '../../common/admin-table/admin-record-columns.tsx';
import { AdminTable } from '../../common/admin-table/admin-table.tsx';
import { adminTables } from '../../common/admin-table/table-texts.ts';
import { formatNumber } from '../../common/format/format.ts';
import { irrigationKey } from '../../common/plots/plot-fields.ts';
import { PlotId } from '../../common/plots/plot-id.tsx';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useMemberFormats } from '../../common/format/use-member-formats.ts';

/** The enabler's plots: numbered pages, any column sorted, newest start of coverage first by default. */
export function AdminFieldsPage() {
  const { t, i18n } = useTranslation();
  const formats = useMemberFormats();
  const filters = useAdminFilters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  useDocumentTitle(t('screens.adminFields'));
  return (
    <AdminTable<AdminPlotRow>
      preferences="adminPlots"
      resource="plots"
      texts={adminTables.adminFields.texts}
      title={t('screens.adminFields')}
      readPage={adminRecordPage('plots', filters.values)}
      filterValues={filters.values}
      filtered={filters.filtered}
      onClearFilters={filters.clear}
      filter={filters.element}
      defaultSort={{ field: 'startCoverageDate', direction: 'desc' }}
      columns={[
        memberNameColumn(t),
        memberNumberColumn(t),
        { id: 'name', sortingField: 'name', header: t('plots.fields.name'), cell: (row) => row.name },
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
        {
          id: 'droughtMonthlyContrib',
          sortingField: 'droughtMonthlyContrib',
          header: t('plots.fields.droughtMonthlyContrib'),
          cell: (row) => formats.amount(row.droughtMonthlyContrib),
        },
        // What grows and whether it is irrigated (spec section 3, Plot): '—' and "not known" when unset.
        {
          id: 'cropDescription',
          sortingField: 'cropDescription',
          header: t('plots.fields.crop'),
          cell: (row) => row.cropDescription || '—',
        },
        {
          // Not known, then no, then yes.
          id: 'isIrrigated',
          sortingField: 'isIrrigated',
          header: t('plots.fields.irrigated'),
          cell: (row) => t(irrigationKey(row.isIrrigated)),
        },
      ]}
      addHref={paths.newField}
      editHref={(row) => paths.updateField(row.memberId, row.id)}
      describe={(row) => t('adminRecords.fields.describe', { name: row.name, member: row.memberName })}
      deleteRow={(row) => deleteAdminRecord('plots', row.id)}
    />
  );
}
