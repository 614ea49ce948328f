import { describe, expect, it } from 'vitest';
import { firstPage, goToPage, hasMorePages, pagingFor } from './admin-table-paging.ts';

describe('the cursor paging of the admin tables', () => {
  it('should go to the next page with the cursor the current page answered', () => {
    const second = goToPage(firstPage('a'), 2, 'c2');
    expect(second).toMatchObject({ cursors: [undefined, 'c2'], pageIndex: 2 });
    const third = goToPage(second, 3, 'c3');
    expect(third).toMatchObject({ cursors: [undefined, 'c2', 'c3'], pageIndex: 3 });
    expect(goToPage(third, 1, null)).toMatchObject({ cursors: [undefined, 'c2', 'c3'], pageIndex: 1 });
  });

  it('should not go past the last page, nor skip a page, nor move while the page loads', () => {
    const paging = firstPage('a');
    expect(goToPage(paging, 2, null)).toMatchObject({ pageIndex: 1, cursors: [undefined] });
    expect(goToPage(paging, 2, undefined)).toMatchObject({ pageIndex: 1 });
    expect(goToPage(paging, 3, 'c2')).toMatchObject({ pageIndex: 1 });
    expect(goToPage(paging, 0, 'c2')).toMatchObject({ pageIndex: 1 });
  });

  it('should offer "next" only while there may be more pages', () => {
    const paging = firstPage('a');
    expect(hasMorePages(paging, undefined)).toBe(false);
    expect(hasMorePages(paging, 'c2')).toBe(true);
    expect(hasMorePages(paging, null)).toBe(false);
    const second = goToPage(paging, 2, 'c2');
    // Back on the first page after the second answered it was the last: no more pages.
    const back = goToPage(second, 1, null);
    expect(back.endReached).toBe(true);
    expect(hasMorePages(back, 'c2')).toBe(false);
    // Back on the first page while the second still had a next cursor: "next" stays.
    const backEarly = goToPage(goToPage(paging, 2, 'c2'), 1, 'c3');
    expect(hasMorePages(backEarly, 'c2')).toBe(true);
  });

  it('should start again from the first page when what the pages are read for changes', () => {
    const second = goToPage(firstPage('a'), 2, 'c2');
    expect(pagingFor(second, 'a')).toBe(second);
    expect(pagingFor(second, 'b')).toEqual(firstPage('b'));
  });
});
