import {
  benefitRowsQuery,
  duplicatesQuery,
  type BenefitRowPage,
  type BenefitRowSortField,
  type DuplicatePage,
  type DuplicateSortField,
  type PreviewQuery,
  type PreviewQueryProblem,
} from '@cpbo/schemas';
import type { BenefitRow } from '#domain/benefit-preview.ts';
import { foldText } from '@cpbo/schemas/text.ts';
import type { PreviewFile, StoredDuplicate } from '#data/benefit-runs/benefit-run-files.ts';
import { AppError } from '#platform/app-error.ts';
import { duplicateAnswer, rowAnswer } from './run-answer.ts';

/*
 * The preview's tables, paged on the server: the preview file (read once per Lambda instance) filtered,
 * sorted by one column and sliced, with the count of what matches and of all. The answers are
 * bounded by the page size whatever the run's size.
 */

type Parameters = Readonly<Record<string, string | undefined>>;

/** The query of the parameters the route's schema let through; 400 for two sorts at once. */
const queryOf = <Query>(parsed: Query | PreviewQueryProblem): Query => {
  if (parsed === 'TWO_SORTS')
    throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'Sort by one column at a time.' });
  return parsed;
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
  { page, pageSize: size }: PreviewQuery<string, unknown>,
  view: (item: Item) => View,
) => {
  const pageSize = size as BenefitRowPage['pageSize'];
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
  parameters: Parameters,
  bankChanged: (rows: BenefitRow[]) => Promise<(row: BenefitRow) => boolean>,
): Promise<BenefitRowPage> => {
  const query = queryOf(benefitRowsQuery.parse(parameters));
  const { status, reason, federation } = query.filters;
  const search = foldText(query.filters.search?.trim() ?? '');
  const matching = preview.rows.filter(
    (row) =>
      (status === undefined || row.status === status) &&
      (reason === undefined || row.reason === reason) &&
      (federation === undefined || row.federation === federation) &&
      (search === '' ||
        [row.plotId, row.plotName, row.memberName, row.memberNumber, row.village].some(
          (text) => text !== null && foldText(text).includes(search),
        )),
  );
  const { field, direction } = query.sort;
  const order = matching
    .map((row, index) => ({ row, index }))
    .sort(
      compareBy(
        ({ row }) => rowValue[field](row),
        direction === 'desc' ? -1 : 1,
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
export const duplicatesPage = (preview: PreviewFile, parameters: Parameters): DuplicatePage => {
  const query = queryOf(duplicatesQuery.parse(parameters));
  const { kind } = query.filters;
  const matching = preview.duplicates
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => kind === undefined || entry.kind === kind);
  const { field, direction } = query.sort;
  matching.sort(
    compareBy(
      ({ entry }) => duplicateValue[field](entry),
      direction === 'desc' ? -1 : 1,
      (a, b) => a.index - b.index,
    ),
  );
  return pageOf(preview.duplicates.length, matching, query, ({ entry }) => duplicateAnswer(entry));
};
