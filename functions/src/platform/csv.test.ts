import { describe, expect, it } from 'vitest';
import { csvSeparatorOf, csvText, parseCsv } from './csv.ts';

describe('CSV', () => {
  it('should read quoted fields, doubled quotes, line breaks in quotes and CRLF, with the line of each record', () => {
    const text = '\uFEFFa,b,c\r\n1,"two, with ""quotes""",3\r\n"multi\nline",x,\n\nlast,,';
    expect(parseCsv(text, ',')).toEqual({
      records: [
        ['a', 'b', 'c'],
        ['1', 'two, with "quotes"', '3'],
        ['multi\nline', 'x', ''],
        [''],
        ['last', '', ''],
      ],
      lines: [1, 2, 3, 5, 6],
    });
  });

  it('should tell a semicolon-separated file by its first line', () => {
    expect(csvSeparatorOf('plotId;damageIndex\n1;0,5')).toBe(';');
    expect(csvSeparatorOf('plotId,damageIndex\n1;2,0.5')).toBe(',');
    expect(parseCsv('a;b\r\n1;0,5', ';').records).toEqual([
      ['a', 'b'],
      ['1', '0,5'],
    ]);
  });

  it('should write formula-safe cells, quoted where needed', () => {
    expect(
      csvText(
        ['name', 'amount'],
        [
          ['=HYPERLINK("x")', 12.5],
          ['+221 77', null],
          ['-1', '@SUM'],
          ['a, "b"', 'plain'],
        ],
      ),
    ).toBe('name,amount\r\n"\'=HYPERLINK(""x"")",12.5\r\n\'+221 77,\r\n\'-1,\'@SUM\r\n"a, ""b""",plain\r\n');
  });

  it('should read back what it writes', () => {
    const rows = [['Awa "Ndiaye", Fissel', 'line\nbreak', '3']];
    expect(parseCsv(csvText(['a', 'b', 'c'], rows), ',').records.slice(0, 2)).toEqual([
      ['a', 'b', 'c'],
      ...rows,
    ]);
  });
});
