import fc from 'fast-check';
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

  it('should quote a cell holding a semicolon, and write numbers as they are', () => {
    expect(csvText(['a', 'b'], [[-1.5, 'Awa;=1+1;']])).toBe(`a,b\r\n-1.5,"Awa;'=1+1;"\r\n`);
  });

  it('should give no cell that begins with a formula character, read with either separator', () => {
    const unit = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ';', ',', '"', "'", ' ', 'a', '1');
    const text = fc.string({ unit, maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 1, maxLength: 4 }), { maxLength: 4 }), (rows) => {
        const written = csvText(['name'], rows);
        for (const separator of [',', ';'] as const)
          for (const record of parseCsv(written, separator).records)
            for (const field of record)
              // Tabs and line breaks that a spreadsheet may drop first included.
              expect(field, `${separator} ${JSON.stringify(written)}`).not.toMatch(/^[\t\r\n]*[=+\-@]/);
      }),
      { numRuns: 500 },
    );
  });

  it('should keep a phone number readable', () => {
    expect(parseCsv(csvText(['phone'], [['+221 77 000 00 01']]), ',').records[1]).toEqual([
      "'+221 77 000 00 01",
    ]);
  });

  it('should read back what it writes', () => {
    const rows = [['Awa "Ndiaye", Fissel', 'line\nbreak', '3']];
    expect(parseCsv(csvText(['a', 'b', 'c'], rows), ',').records.slice(0, 2)).toEqual([
      ['a', 'b', 'c'],
      ...rows,
    ]);
  });
});
