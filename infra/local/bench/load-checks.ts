import { isDeepStrictEqual } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { aggregateKey, readRebuildPages, rebuildStart } from '@cpbo/functions/data/aggregates/aggregates.ts';
import { recordsOfEnabler } from '@cpbo/functions/data/members/member-keys.ts';
import { queryAll, tableName } from '@cpbo/functions/data/table/table.ts';
import { expectTotalsMatchRecords } from '@cpbo/functions/testing/money-totals-check.ts';
import { storedAggregatesOf } from '@cpbo/functions/testing/stored-aggregates.ts';
import type { KeyedWrite } from './load-run.ts';

/*
 * What bench:load checks once the calls are over, with the recomputations the tests use: every
 * member's and plot's totals and counts against its records, every enabler's dashboard aggregates
 * against a rebuild's reading of its records, and the written records against the 2xx answers.
 */

export interface LoadCheck {
  name: string;
  /** What is wrong; empty when the check holds. */
  problems: string[];
}

const failureOf = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error));

/** Each member's totals, dates and plot counts are what its records add up to. */
export const checkTotals = async (memberIds: readonly string[]): Promise<LoadCheck> => {
  const problems: string[] = [];
  for (const memberId of memberIds) {
    try {
      await expectTotalsMatchRecords(memberId);
    } catch (error) {
      problems.push(`member ${memberId}: ${failureOf(error)}`);
    }
  }
  return { name: `totals and counts of ${memberIds.length} members and their plots`, problems };
};

/** The aggregates as a rebuild would write them (none at zero), keyed as storedAggregatesOf keys them. */
const recomputedAggregates = async (enablerId: string) => {
  const { sums } = await readRebuildPages(enablerId, rebuildStart());
  return Object.fromEntries(
    sums
      .filter((sum) => sum.amount !== 0)
      .map((sum) => {
        const { pk, sk } = aggregateKey(sum);
        return [`${pk}|${sk}`, sum.amount];
      }),
  );
};

/**
 * The enablers' dashboard aggregates equal a recomputation from their records, once the stream worker
 * has caught up: compared again every second until they do, for at most `withinSeconds`.
 */
export const checkAggregates = async (
  enablerIds: readonly string[],
  withinSeconds: number,
): Promise<LoadCheck> => {
  const deadline = Date.now() + withinSeconds * 1000;
  const problems: string[] = [];
  for (const enablerId of enablerIds) {
    for (;;) {
      const [stored, recomputed] = await Promise.all([
        storedAggregatesOf(enablerId),
        recomputedAggregates(enablerId),
      ]);
      if (isDeepStrictEqual(stored, recomputed)) break;
      if (Date.now() > deadline) {
        const keys = new Set([...Object.keys(stored), ...Object.keys(recomputed)]);
        const differing = [...keys].filter((key) => stored[key] !== recomputed[key]);
        problems.push(
          `enabler ${enablerId}: ${differing.length} aggregates differ after ${withinSeconds} s, e.g. ` +
            differing
              .slice(0, 3)
              .map((key) => `${key} stored ${stored[key]} recomputed ${recomputed[key]}`)
              .join('; '),
        );
        break;
      }
      await sleep(1000);
    }
  }
  return { name: `dashboard aggregates of ${enablerIds.length} enablers`, problems };
};

/**
 * No write recorded twice and none missing: the records of `types` created since `since` are, one for
 * one, the records the writes' 2xx answers named; every answer of one key named the same record; a key
 * without a 2xx answer wrote nothing.
 */
export const checkRecordsAnswered = async (
  enablerId: string,
  writes: readonly KeyedWrite[],
  since: string,
): Promise<LoadCheck> => {
  const problems: string[] = [];
  const answered = new Map<string, string>();
  for (const { key, answers } of writes) {
    const ids = new Set(answers.filter((answer) => answer.status < 300).map((answer) => answer.id));
    if (ids.size > 1) problems.push(`key ${key} answered ${ids.size} records: ${[...ids].join(', ')}`);
    const [id] = ids;
    if (ids.size && !id) problems.push(`key ${key} answered 2xx without a record id`);
    if (id) answered.set(id, key);
  }
  const records = (
    await Promise.all(
      (['CONTRIBUTION', 'CASHOUT'] as const).map((type) =>
        queryAll({
          TableName: tableName(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': recordsOfEnabler(enablerId, type) },
        }),
      ),
    )
  )
    .flat()
    .filter((record) => (record.createdAt as string) >= since);
  const recorded = new Map<string, number>();
  for (const record of records)
    recorded.set(record.id as string, (recorded.get(record.id as string) ?? 0) + 1);
  for (const [id, count] of recorded) {
    if (count > 1) problems.push(`record ${id} is written ${count} times`);
    if (!answered.has(id)) problems.push(`record ${id} has no 2xx answer`);
  }
  for (const [id, key] of answered)
    if (!recorded.has(id)) problems.push(`key ${key}'s record ${id} is missing`);
  return {
    name: `${answered.size} writes answered 2xx, ${records.length} records written since the start`,
    problems,
  };
};
