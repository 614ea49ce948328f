import type { ReactNode } from 'react';
import type { TableProps } from '@cloudscape-design/components/table';

/**
 * The columns with each row's cells drawn once: the same element for the same row object, which React
 * then leaves as it is. Cloudscape's table draws every row again whenever it measures itself (its width,
 * its sticky columns), in a render React cannot interrupt; the cells' own contents (a row's actions menu
 * above all) then cost nothing. A new answer brings new row objects, and new columns start afresh.
 */
export function cellsDrawnOnce<Row extends object>(
  columns: readonly TableProps.ColumnDefinition<Row>[],
): TableProps.ColumnDefinition<Row>[] {
  return columns.map((column) => {
    const drawn = new WeakMap<Row, ReactNode>();
    return {
      ...column,
      cell: (row) => {
        if (!drawn.has(row)) drawn.set(row, column.cell(row));
        return drawn.get(row);
      },
    };
  });
}
