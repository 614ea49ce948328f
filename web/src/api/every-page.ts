/** "All" reads at most this many pages (100,000 rows of 500), so that no screen holds more. */
export const MAX_ALL_PAGES = 200;

/** A table the server pages by number: the page sizes it offers by number, and what "All" pages by. */
export interface PageSizes {
  /** The sizes its preferences offer, smallest first; "All" follows them. */
  offered: readonly number[];
  /** The size of the pages "All" reads one after the other: the largest its list's query takes. */
  allPageSize: number;
}

/**
 * "All" of a table the server pages by number (spec section 9): the first page of the largest size,
 * which tells how many rows there are, then each further page in turn. Answers every page read.
 */
export async function readEveryPage<Answer extends { count: number }>(
  readPage: (page: number) => Promise<Answer>,
  pageSize: number,
): Promise<Answer[]> {
  const first = await readPage(1);
  const pages = Math.min(MAX_ALL_PAGES, Math.ceil(first.count / pageSize));
  const answers = [first];
  for (let page = 2; page <= pages; page += 1) answers.push(await readPage(page));
  return answers;
}
