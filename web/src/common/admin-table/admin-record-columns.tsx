import type { TFunction } from 'i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import { paths } from '../../navigation/paths.ts';
import type { MemberFormats } from '../format/use-member-formats.ts';
import { RowLink } from '../ui/row-link.tsx';

interface OfMember {
  memberId: string;
  memberName: string;
  memberNumber: string;
}

/** The member a record belongs to, linking to the member's page. */
export const memberColumn = <Row extends OfMember>(t: TFunction): TableProps.ColumnDefinition<Row> => ({
  id: 'member',
  header: t('adminRecords.columns.member'),
  isRowHeader: true,
  // A name and number on two lines at most, however many columns the table has.
  minWidth: 180,
  cell: (row) => (
    <RowLink href={paths.member(row.memberId)}>
      {t('adminRecords.memberValue', { name: row.memberName, number: row.memberNumber })}
    </RowLink>
  ),
});

export const plotColumn = <Row extends { plotName: string }>(
  t: TFunction,
): TableProps.ColumnDefinition<Row> => ({
  id: 'plot',
  header: t('adminRecords.columns.plot'),
  cell: (row) => row.plotName,
});

export const amountColumn = <Row extends { amount: number }>(
  t: TFunction,
  formats: MemberFormats,
): TableProps.ColumnDefinition<Row> => ({
  id: 'amount',
  header: t('adminRecords.columns.amount'),
  cell: (row) => formats.amount(row.amount),
});

/** The column of a date; sortable when it is the table's sort field. */
export const dateColumn = <Row,>(
  field: keyof Row & string,
  header: string,
  formats: MemberFormats,
  sortable = false,
): TableProps.ColumnDefinition<Row> => ({
  id: field,
  header,
  sortingField: sortable ? field : undefined,
  cell: (row) => formats.date(row[field] as string),
});
