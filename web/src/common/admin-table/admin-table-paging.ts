/**
 * The cursor paging of an administrator's table: the pages seen so far, each with the cursor that
 * reads it, and whether the last one was the end. Changing the page size, the sort or a filter starts
 * again from the first page.
 */
export interface CursorPaging {
  /** What the pages were read for (page size, sort, filters): a change starts again. */
  identity: string;
  /** cursors[i] reads page i + 1 (undefined for the first page). */
  cursors: readonly (string | undefined)[];
  /** 1-based. */
  pageIndex: number;
  /** The last page seen answered no next cursor. */
  endReached: boolean;
}

export const firstPage = (identity: string): CursorPaging => ({
  identity,
  cursors: [undefined],
  pageIndex: 1,
  endReached: false,
});

/** The paging for this identity: the same one, or the first page of a new one. */
export const pagingFor = (paging: CursorPaging, identity: string): CursorPaging =>
  paging.identity === identity ? paging : firstPage(identity);

/**
 * Moves to a page: one already seen, or the next one after the last seen page when the current page
 * (the last seen one) answered its cursor. Anything else leaves the paging as it is.
 */
export function goToPage(
  paging: CursorPaging,
  requested: number,
  /** The next cursor the current page answered: undefined while it loads, null on the last page. */
  currentNextCursor: string | null | undefined,
): CursorPaging {
  const seen = paging.cursors.length;
  const onLastSeen = paging.pageIndex === seen;
  const endReached = paging.endReached || (onLastSeen && currentNextCursor === null);
  if (requested >= 1 && requested <= seen) return { ...paging, pageIndex: requested, endReached };
  if (requested === seen + 1 && onLastSeen && typeof currentNextCursor === 'string') {
    return { ...paging, cursors: [...paging.cursors, currentNextCursor], pageIndex: requested, endReached };
  }
  return paging;
}

/** Whether the pagination offers a page after the ones seen ("next" on the last seen page). */
export const hasMorePages = (paging: CursorPaging, currentNextCursor: string | null | undefined): boolean => {
  if (paging.endReached) return false;
  if (paging.pageIndex === paging.cursors.length) return typeof currentNextCursor === 'string';
  return true;
};
