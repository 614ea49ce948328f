import type { TFunction } from 'i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import { paths } from '../../navigation/paths.ts';
import type { MemberFormats } from '../format/use-member-formats.ts';
import { RowLink } from '../ui/row-link.tsx';
import { sortedColumn } from '../table/sorted-column.ts';

/*
 * The columns the administrators' record tables share. Each sorts on the API's field of the same
 * name (schemas/admin-list-query.ts): `sortingField` is that name.
 */

interface OfMember {
  memberId: string;
  memberName: string;
  memberNumber: string;
}

/** The member a record belongs to, linking to the member's page. */
export const memberNameColumn = <Row extends OfMember>(t: TFunction): TableProps.ColumnDefinition<Row> => ({
  id: 'memberName',
  sortingField: 'memberName',
  header: t('adminRecords.columns.member'),
  isRowHeader: true,
  cell: (row) => <RowLink href={paths.member(row.memberId)}>{row.memberName}</RowLink>,
});

export const memberNumberColumn = <Row extends OfMember>(t: TFunction): TableProps.ColumnDefinition<Row> =>
  sortedColumn<Row>('memberNumber', t('adminLists.columns.memberNumber'), (row) => row.memberNumber);

export const plotColumn = <Row extends { plotName: string }>(
  t: TFunction,
): TableProps.ColumnDefinition<Row> =>
  sortedColumn<Row>('plotName', t('adminRecords.columns.plot'), (row) => row.plotName);

export const amountColumn = <Row extends { amount: number }>(
  t: TFunction,
  formats: MemberFormats,
): TableProps.ColumnDefinition<Row> =>
  sortedColumn<Row>('amount', t('adminRecords.columns.amount'), (row) => formats.amount(row.amount));

/** The column of a date. */
export const dateColumn = <Row,>(
  field: keyof Row & string,
  header: string,
  formats: MemberFormats,
): TableProps.ColumnDefinition<Row> =>
  sortedColumn(field, header, (row) => formats.date(row[field] as string));

/** Who recorded a money record. */
export const createdByColumn = <Row extends { createdBy: string }>(
  t: TFunction,
): TableProps.ColumnDefinition<Row> =>
  sortedColumn<Row>('createdBy', t('adminLists.columns.createdBy'), (row) => row.createdBy);
