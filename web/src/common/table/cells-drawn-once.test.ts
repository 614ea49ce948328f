import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { cellsDrawnOnce } from './cells-drawn-once.ts';

interface Row {
  id: string;
  name: string;
}

describe('cellsDrawnOnce', () => {
  const nameCell = vi.fn((row: Row) => createElement('b', null, row.name));
  const [name, id] = cellsDrawnOnce<Row>([
    { id: 'name', header: 'Name', sortingField: 'name', cell: nameCell },
    { id: 'id', header: 'Id', cell: (row) => row.id },
  ]);

  it('draws a row’s cell once and answers the same element after', () => {
    const row = { id: '1', name: 'Awa' };
    const first = name?.cell(row);
    expect(name?.cell(row)).toBe(first);
    expect(nameCell).toHaveBeenCalledTimes(1);
    expect(id?.cell(row)).toBe('1');
  });

  it('draws a new row object again, even with the same values', () => {
    nameCell.mockClear();
    const before = name?.cell({ id: '2', name: 'Fatou' });
    const after = name?.cell({ id: '2', name: 'Fatou Sarr' });
    expect(after).not.toBe(before);
    expect(nameCell).toHaveBeenCalledTimes(2);
  });

  it('keeps what else a column says', () => {
    expect(name).toMatchObject({ id: 'name', header: 'Name', sortingField: 'name' });
  });
});
