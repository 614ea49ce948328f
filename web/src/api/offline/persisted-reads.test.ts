import { QueryClient, type DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { memberDetail, memberRow } from '../../test/member-fixtures.ts';
import { queryKeys } from '../query-keys.ts';
import { deviceKeys, readDeviceRecord } from './device-store.ts';
import {
  forgetReads,
  isKeptRead,
  keepReads,
  MAX_KEPT_READS,
  mergeReads,
  READS_MAX_AGE_MS,
  restoreReads,
  withoutBankDetails,
} from './persisted-reads.ts';

const account = 'asha@example.org|enabler-1';
const read = (queryHash: string, dataUpdatedAt: number) =>
  ({ queryHash, queryKey: [queryHash], state: { dataUpdatedAt, data: queryHash }, dehydratedAt: 0 }) as never;
const hashes = (state: DehydratedState) => state.queries.map(({ queryHash }) => queryHash);

describe('reads kept on the device', () => {
  it('should keep no bank details, wherever they sit in an answer', () => {
    const kept = withoutBankDetails({ detail: memberDetail(), rows: [memberRow()], text: 'x' });
    expect(kept.detail).toMatchObject({
      bankName: null,
      bankBranchName: null,
      bankIFSC: null,
      bankAccount: null,
      name: 'Asha Devi',
      phone: '+91 98 7654 3210',
    });
    expect(kept.rows).toEqual([memberRow()]);
    expect(JSON.stringify(kept)).not.toContain('SBIN0001234');
  });

  it('should keep the members and the enabler, read, and none of the device’s own records', () => {
    const success = { status: 'success' } as never;
    expect(isKeptRead({ queryKey: queryKeys.members.detail('m-1'), state: success })).toBe(true);
    expect(isKeptRead({ queryKey: queryKeys.members.list({ page: 1 }), state: success })).toBe(true);
    expect(isKeptRead({ queryKey: queryKeys.myEnabler, state: success })).toBe(true);
    expect(isKeptRead({ queryKey: queryKeys.users.all, state: success })).toBe(false);
    expect(isKeptRead({ queryKey: queryKeys.members.detail('local-1'), state: success })).toBe(false);
    expect(
      isKeptRead({ queryKey: queryKeys.members.detail('m-1'), state: { status: 'error' } as never }),
    ).toBe(false);
  });

  it('should join the reads of this page to the earlier ones: the newer wins, the oldest and the surplus go', () => {
    const now = READS_MAX_AGE_MS + 5_000;
    const kept = { mutations: [], queries: [read('a', 5_000), read('b', 9_000), read('old', 1_000)] };
    const current = { mutations: [], queries: [read('a', 8_000), read('c', now)] };
    expect(hashes(mergeReads(kept, current, now))).toEqual(['c', 'b', 'a']);
    expect(
      mergeReads(kept, current, now).queries.find(({ queryHash }) => queryHash === 'a')?.state.dataUpdatedAt,
    ).toBe(8_000);
    const many = {
      mutations: [],
      queries: Array.from({ length: MAX_KEPT_READS + 5 }, (_, n) => read(`q${n}`, now - n)),
    };
    expect(mergeReads(undefined, many, now).queries).toHaveLength(MAX_KEPT_READS);
  });

  it('should put an account’s kept reads back in a new cache, with their read time, and never another account’s', async () => {
    const first = new QueryClient();
    const stop = keepReads(first, account);
    first.setQueryData(queryKeys.members.detail('m-1'), memberDetail());
    const readAt = first.getQueryState(queryKeys.members.detail('m-1'))?.dataUpdatedAt;
    await expect
      .poll(async () => JSON.stringify(await readDeviceRecord(deviceKeys.queryCache)), { timeout: 3000 })
      .toContain('Asha Devi');
    stop();
    expect(JSON.stringify(await readDeviceRecord(deviceKeys.queryCache))).not.toContain('SBIN0001234');

    const next = new QueryClient();
    await restoreReads(next, account);
    expect(next.getQueryData(queryKeys.members.detail('m-1'))).toMatchObject({
      name: 'Asha Devi',
      bankAccount: null,
    });
    expect(next.getQueryState(queryKeys.members.detail('m-1'))?.dataUpdatedAt).toBe(readAt);

    const someoneElse = new QueryClient();
    await restoreReads(someoneElse, 'someone@example.org|enabler-1');
    expect(someoneElse.getQueryData(queryKeys.members.detail('m-1'))).toBeUndefined();

    await forgetReads();
    const afterSignOut = new QueryClient();
    await restoreReads(afterSignOut, account);
    expect(afterSignOut.getQueryData(queryKeys.members.detail('m-1'))).toBeUndefined();
  });
});
