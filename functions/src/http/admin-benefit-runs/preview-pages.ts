import {
  benefitRowSortFields,
  duplicateSortFields,
  type BenefitRowPage,
  type BenefitRowSortField,
  type benefitRowsQuerySchema,
  type DuplicatePage,
  type DuplicateSortField,
  type duplicatesQuerySchema,
  type FromSchema,
} from '@cpbo/schemas';
import type { BenefitRow } from '#domain/benefit-preview.ts';
import { foldText } from '#domain/member-list.ts';
import type { PreviewFile, StoredDuplicate } from '#data/benefit-run-files.ts';
import { AppError } from '#platform/app-error.ts';
import { duplicateAnswer, rowAnswer } from './run-answer.ts';

/*
 * The preview's tables, paged on the server: the preview file (read once per Lambda instance) filtered,
 * sorted by one column and sliced, with the count of what matches and of all. The answers are
 * bounded by the page size whatever the run's size.
 */

type RowsQuery = FromSchema<typeof benefitRowsQuerySchema>;
type DuplicatesQuery = FromSchema<typeof duplicatesQuerySchema>;

/** The one sort of a query (`sort:<field>=asc|desc`), or the default; two at once are refused. */
const sortOf = <Field extends string>(
  query: Record<string, string | undefined>,
  fields: readonly Field[],
  fallback: Field,
): { field: Field; direction: 1 | -1 } => {
  const given = fields.filter((field) => query[`sort:${field}`] !== undefined);
  if (given.length > 1)
    throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'Sort by one column at a time.' });
  const field = given[0] ?? fallback;
  return { field, direction: query[`sort:${field}`] === 'desc' ? -1 : 1 };
};

type Value = string | number | null;

/** Values in order, an empty one last whichever the direction; ties in the file's order. */
const compareBy =
  <Item>(value: (item: Item) => Value, direction: 1 | -1, then: (a: Item, b: Item) => number) =>
  (a: Item, b: Item): number => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return x === y ? then(a, b) : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order === 0 ? then(a, b) : direction * order;
  };

const pageOf = <Item, View>(
  all: number,
  matching: Item[],
  query: { page?: string; pageSize?: string },
  view: (item: Item) => View,
) => {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? 10) as BenefitRowPage['pageSize'];
  return {
    items: matching.slice((page - 1) * pageSize, page * pageSize).map(view),
    page,
    pageSize,
    count: matching.length,
    total: all,
  };
};

const rowValue: Record<BenefitRowSortField, (row: BenefitRow) => Value> = {
  row: (row) => row.row,
  plotName: (row) => row.plotName,
  memberName: (row) => row.memberName,
  memberNumber: (row) => row.memberNumber,
  village: (row) => row.village,
  federation: (row) => row.federation,
  maximum: (row) => row.maximumCents,
  month: (row) => row.month,
  factor: (row) => row.factor,
  damageIndex: (row) => row.damageIndex,
  seasonContributions: (row) => row.seasonContributionsCents,
  paidShare: (row) => row.paidShare,
  benefit: (row) => row.benefitCents,
  status: (row) => row.status,
  reason: (row) => row.reason,
};

/**
 * A page of the preview's rows: filtered by status, reason, federation and a search text, sorted by one
 * column; `bankChanged` tells the rows whose payee's bank details changed since the preview.
 */
export const rowsPage = async (
  preview: PreviewFile,
  query: RowsQuery,
  bankChanged: (rows: BenefitRow[]) => Promise<(row: BenefitRow) => boolean>,
): Promise<BenefitRowPage> => {
  const search = foldText(query['filter:search']?.trim() ?? '');
  const matching = preview.rows.filter(
    (row) =>
      (query['filter:status'] === undefined || row.status === query['filter:status']) &&
      (query['filter:reason'] === undefined || row.reason === query['filter:reason']) &&
      (query['filter:federation'] === undefined || row.federation === query['filter:federation']) &&
      (search === '' ||
        [row.plotId, row.plotName, row.memberName, row.memberNumber, row.village].some(
          (text) => text !== null && foldText(text).includes(search),
        )),
  );
  const { field, direction } = sortOf(query, benefitRowSortFields, 'row');
  const order = matching
    .map((row, index) => ({ row, index }))
    .sort(
      compareBy(
        ({ row }) => rowValue[field](row),
        direction,
        (a, b) => a.index - b.index,
      ),
    );
  const page = pageOf(preview.rows.length, order, query, ({ row }) => row);
  const changed = await bankChanged(page.items);
  return { ...page, items: page.items.map((row) => rowAnswer(row, changed(row))) };
};

const duplicateValue: Record<DuplicateSortField, (entry: StoredDuplicate) => Value> = {
  group: (entry) => entry.group,
  kind: (entry) => entry.kind,
  memberName: (entry) => entry.memberName,
  memberNumber: (entry) => entry.memberNumber,
  village: (entry) => entry.village,
  benefit: (entry) => entry.benefitCents,
};

/** A page of the possible duplicates, of one kind or all, sorted by one column (by group by default). */
export const duplicatesPage = (preview: PreviewFile, query: DuplicatesQuery): DuplicatePage => {
  const matching = preview.duplicates
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => query['filter:kind'] === undefined || entry.kind === query['filter:kind']);
  const { field, direction } = sortOf(query, duplicateSortFields, 'group');
  matching.sort(
    compareBy(
      ({ entry }) => duplicateValue[field](entry),
      direction,
      (a, b) => a.index - b.index,
    ),
  );
  return pageOf(preview.duplicates.length, matching, query, ({ entry }) => duplicateAnswer(entry));
};
