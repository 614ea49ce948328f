/**
 * The page that shows the row first shown, once pages are `next` rows long: a new page size keeps in
 * view what the user was looking at (row 21 of pages of 10 is on page 1 of pages of 25).
 */
export const pageKeepingFirstRow = (page: number, pageSize: number, next: number): number =>
  Math.floor(((page - 1) * pageSize) / next) + 1;
