import { AppError } from '#platform/app-error.ts';

/*
 * The cursors of the administrators' lists: where the next page of a Query starts (its last key),
 * sent to the browser as an opaque string and taken back only for the very list it came from. A
 * cursor names its list and query (sort, filters) and carries the next page's number; its key must
 * have exactly the key attributes of the index read, lie in the partition the caller may read (the
 * caller's enabler, or the filtered member), and within the query's range. Anything else is refused
 * (400 ERR_INVALID_DATA_FORMAT), so a cursor never reads another enabler's records nor makes DynamoDB
 * refuse the start key (a 500). Every list pages the same way (cursorPosition, pageOf).
 */

/** The list a cursor belongs to, as the data layer reads it. */
export interface CursorScope {
  /** The list and everything of its query that orders or narrows it, e.g. 'plots|desc|2026-01-01|'. */
  query: string;
  /** The key attributes of the index (or table) read, all strings: e.g. ['gsi1pk', 'gsi1sk', 'pk', 'sk']. */
  keyNames: readonly string[];
  /** The partition attribute and the value the caller may read. */
  partition: { name: string; value: string };
  /** Whether a key lies within the Query's key condition (its sort key range). */
  inRange?: (key: Readonly<Record<string, string>>) => boolean;
}

export type CursorKey = Record<string, string>;

export interface CursorPosition {
  /** 2 for the cursor of the first page's answer. */
  page: number;
  /** The Query's ExclusiveStartKey. */
  startKey: CursorKey;
}

const VERSION = 1;
/** Longer cursors are refused before decoding (the list schemas allow 1024 characters). */
const MAX_CURSOR_LENGTH = 1024;
const MAX_PAGE = 999_999;

/** The key of an item, as the scope's index names it. */
export const keyOf = (scope: CursorScope, item: Record<string, unknown>): CursorKey =>
  Object.fromEntries(scope.keyNames.map((name) => [name, String(item[name])]));

export const encodeCursor = (scope: CursorScope, position: CursorPosition): string =>
  Buffer.from(
    JSON.stringify({ v: VERSION, q: scope.query, p: position.page, k: keyOf(scope, position.startKey) }),
  ).toString('base64url');

const isKey = (value: unknown, names: readonly string[]): value is CursorKey => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length === names.length &&
    entries.every(([name, part]) => names.includes(name) && typeof part === 'string' && part.length > 0)
  );
};

/** The position a cursor gives for this list, or undefined when it is malformed or not this list's. */
export const decodeCursor = (scope: CursorScope, cursor: string): CursorPosition | undefined => {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof decoded !== 'object' || decoded === null) return undefined;
  const { v, q, p, k } = decoded as Record<string, unknown>;
  if (v !== VERSION || q !== scope.query) return undefined;
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 2 || p > MAX_PAGE) return undefined;
  if (!isKey(k, scope.keyNames)) return undefined;
  if (k[scope.partition.name] !== scope.partition.value) return undefined;
  if (scope.inRange && !scope.inRange(k)) return undefined;
  return { page: p, startKey: k };
};

/** The page asked for: the position's (1 without a cursor); 400 when `page` is given and another. */
export const pageAsked = (page: number | undefined, position?: CursorPosition): number => {
  const expected = position?.page ?? 1;
  if (page !== undefined && page !== expected)
    throw new AppError('ERR_INVALID_DATA_FORMAT', {
      message: 'Pages follow each other by the cursor of the previous answer.',
    });
  return expected;
};

/** The cursor's position in its list; 400 when it is not this list's, or `page` is not the cursor's. */
export const cursorPosition = (
  scope: CursorScope,
  { cursor, page }: { cursor?: string; page?: number },
): CursorPosition | undefined => {
  const position = cursor === undefined ? undefined : decodeCursor(scope, cursor);
  if (cursor !== undefined && !position)
    throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'The cursor is not one of this list.' });
  pageAsked(page, position);
  return position;
};

export interface ListPage<Item> {
  items: Item[];
  page: number;
  nextCursor: string | null;
}

/**
 * A page from what it read: up to one item more than the page, which only says that a next page
 * exists (so a full last page has no cursor, and no empty page follows it), and the last key read
 * when reading stopped before that (a next page may hold items).
 */
export const pageOf = <Item extends Record<string, unknown>>(
  scope: CursorScope,
  position: CursorPosition | undefined,
  pageSize: number,
  read: readonly Item[],
  lastKey?: Record<string, unknown>,
): ListPage<Item> => {
  const items = read.slice(0, pageSize);
  const page = position?.page ?? 1;
  const last = read.length > pageSize ? items.at(-1) : lastKey;
  return {
    items,
    page,
    nextCursor: last ? encodeCursor(scope, { page: page + 1, startKey: keyOf(scope, last) }) : null,
  };
};
