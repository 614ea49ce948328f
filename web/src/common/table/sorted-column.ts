import type { ReactNode } from 'react';
import type { TableProps } from '@cloudscape-design/components/table';

/** A column that sorts on the row's field it is named after (its id is the field's name). */
export const sortedColumn = <Row>(
  field: keyof Row & string,
  header: string,
  cell: (row: Row) => ReactNode,
): TableProps.ColumnDefinition<Row> => ({ id: field, header, cell, sortingField: field });
