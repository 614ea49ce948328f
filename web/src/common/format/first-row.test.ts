import { describe, expect, it } from 'vitest';
import { pageKeepingFirstRow } from './first-row.ts';

describe('a new page size', () => {
  it('should keep the first row shown in view', () => {
    // Rows 21-30 of pages of 10: row 21 is on page 1 of 25, page 3 of 10, page 5 of 5.
    expect(pageKeepingFirstRow(3, 10, 25)).toBe(1);
    expect(pageKeepingFirstRow(3, 10, 5)).toBe(5);
    expect(pageKeepingFirstRow(2, 25, 10)).toBe(3);
    expect(pageKeepingFirstRow(1, 10, 100)).toBe(1);
    expect(pageKeepingFirstRow(7, 50, 100)).toBe(4);
  });
});
