import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import {
  adminRecordPage,
  deleteAdminRecord,
  type AdminMoneyKind,
  type AdminRecordKind,
  type AdminRecordRow,
} from '../../api/admin-records.ts';
import type { PreferenceTable } from '../../api/preferences.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useMemberFormats, type MemberFormats } from '../format/use-member-formats.ts';
import { useAdminFilters } from './admin-filters.tsx';
import { AdminTable, type AdminTableSort } from './admin-table.tsx';
import {
  amountColumn,
  createdByColumn,
  dateColumn,
  memberNameColumn,
  memberNumberColumn,
} from './admin-record-columns.tsx';
import { adminTables, type AdminTableScreen } from './table-texts.ts';

/** What a record table's columns and texts are written with. */
export interface RecordTableTools {
  t: TFunction;
  formats: MemberFormats;
  /** The page's language, for numbers written outside the member formats. */
  language: string;
}

/** One administrator's record table (plots, contributions, payouts, cashouts): what differs between them. */
export interface AdminRecordTableConfig<Kind extends AdminRecordKind> {
  kind: Kind;
  screen: Exclude<AdminTableScreen, 'adminMembers'>;
  preferences: PreferenceTable;
  /** Whether the filters include the protection type (the contributions). */
  protection?: boolean;
  defaultSort: AdminTableSort;
  columns: (tools: RecordTableTools) => TableProps.ColumnDefinition<AdminRecordRow<Kind>>[];
  addHref: string;
  editHref: (row: AdminRecordRow<Kind>) => string;
  /** What the delete confirmation names. */
  describe: (row: AdminRecordRow<Kind>, tools: RecordTableTools) => string;
}

/**
 * An administrator's record table as a screen: its title, the record filters, pages of the kind's
 * records (with the total of their amounts for money), add, edit and delete.
 */
export function AdminRecordTable<Kind extends AdminRecordKind>({
  config,
}: {
  config: AdminRecordTableConfig<Kind>;
}) {
  const { t, i18n } = useTranslation();
  const formats = useMemberFormats();
  const filters = useAdminFilters({ protection: config.protection });
  const tools: RecordTableTools = { t, formats, language: i18n.resolvedLanguage ?? i18n.language };
  const { kind, screen } = config;
  const title = t(`screens.${screen}`);
  useDocumentTitle(title);
  return (
    <AdminTable<AdminRecordRow<Kind>>
      preferences={config.preferences}
      resource={kind}
      texts={adminTables[screen].texts}
      title={title}
      readPage={adminRecordPage(kind, filters.values)}
      filterValues={filters.values}
      filtered={filters.filtered}
      onClearFilters={filters.clear}
      filter={filters.element}
      defaultSort={config.defaultSort}
      total={adminTables[screen].total ? formats.amount : undefined}
      columns={config.columns(tools)}
      addHref={config.addHref}
      editHref={config.editHref}
      describe={(row) => config.describe(row, tools)}
      deleteRow={(row) => deleteAdminRecord(kind, row.id)}
    />
  );
}

type Column<Kind extends AdminRecordKind> = TableProps.ColumnDefinition<AdminRecordRow<Kind>>;

/** What sets a money record table apart: its kind, its day, its plot, its own columns and its forms. */
export interface MoneyTableSpec<Kind extends AdminMoneyKind> {
  kind: Kind;
  screen: 'adminContributions' | 'adminPayouts' | 'adminCashouts';
  /** The record's day: its column, the default sort (newest first), and what a delete names. */
  date: keyof AdminRecordRow<Kind> & string;
  protection?: boolean;
  /** The record's columns between its member's and its amount: its plot's, for a plot's records. */
  plotColumns?: (tools: RecordTableTools) => Column<Kind>[];
  /** The record's own columns, between its amount and its day. */
  columns?: (tools: RecordTableTools) => Column<Kind>[];
  addHref: string;
  editHref: (row: AdminRecordRow<Kind>) => string;
}

/**
 * A money record table (contributions, payouts, cashouts): its member, its plot, its amount, its own
 * columns, its day and who recorded it; a delete names the member, the amount and the day.
 */
export const moneyTableConfig = <Kind extends AdminMoneyKind>(
  spec: MoneyTableSpec<Kind>,
): AdminRecordTableConfig<Kind> => ({
  kind: spec.kind,
  screen: spec.screen,
  preferences: spec.screen,
  protection: spec.protection,
  defaultSort: { field: spec.date, direction: 'desc' },
  columns: (tools) => [
    memberNameColumn(tools.t),
    memberNumberColumn(tools.t),
    ...(spec.plotColumns?.(tools) ?? []),
    amountColumn(tools.t, tools.formats),
    ...(spec.columns?.(tools) ?? []),
    dateColumn(spec.date, tools.t(`adminRecords.columns.${spec.date}`), tools.formats),
    createdByColumn(tools.t),
  ],
  addHref: spec.addHref,
  editHref: spec.editHref,
  describe: (row, { t, formats }) =>
    t('adminRecords.recordValue', {
      member: row.memberName,
      amount: formats.amount(row.amount),
      date: formats.date(row[spec.date] as string),
    }),
});
