import { describe, expect, it } from 'vitest';
import {
  queuedCashout,
  queuedContribution,
  queuedMember,
  queuedPlot,
} from '../../test/queued-write-fixtures.ts';
import {
  carriesBankDetails,
  currentId,
  emptyOutbox,
  hasWaiting,
  localIdsOf,
  resolveIds,
} from './queued-writes.ts';

describe('queued writes', () => {
  it('should name the member and plots a write needs numbered first', () => {
    expect(localIdsOf(queuedMember())).toEqual([]);
    expect(localIdsOf(queuedPlot('local-m'))).toEqual(['local-m']);
    expect(localIdsOf(queuedContribution('local-m', 'local-p'))).toEqual(['local-m', 'local-p']);
    expect(localIdsOf(queuedContribution('m-1', 'p-1'))).toEqual([]);
    expect(localIdsOf(queuedCashout('m-1', 5))).toEqual([]);
  });

  it('should put the server’s ids in place once known, and wait for them before', () => {
    const contribution = queuedContribution('local-m', 'local-p');
    expect(resolveIds(contribution, {})).toEqual({ waitsFor: 'local-m' });
    expect(resolveIds(contribution, { 'local-m': 'm-9' })).toEqual({ waitsFor: 'local-p' });
    const resolved = resolveIds(contribution, { 'local-m': 'm-9', 'local-p': 'p-9' });
    expect(resolved).toMatchObject({ write: { memberId: 'm-9', body: { plotId: 'p-9', amount: 1500 } } });
    // The key stays: the server records it once.
    expect('write' in resolved && resolved.write.key).toBe(contribution.key);
    expect(resolveIds(queuedCashout('m-1', 5), {})).toMatchObject({ write: { memberId: 'm-1' } });
  });

  it('should say whether a new write must join the queue to keep the order', () => {
    const record = emptyOutbox();
    expect(hasWaiting(record)).toBe(false);
    expect(hasWaiting({ ...record, writes: [queuedCashout('m-1', 5, 'k', { state: 'refused' })] })).toBe(
      false,
    );
    expect(hasWaiting({ ...record, writes: [queuedCashout('m-1', 5)] })).toBe(true);
  });

  it('should give a record’s current id', () => {
    expect(currentId({ writes: [], serverIds: { 'local-m': 'm-9' } }, 'local-m')).toBe('m-9');
    expect(currentId(emptyOutbox(), 'm-1')).toBe('m-1');
  });

  it('should find bank details in a new member only', () => {
    expect(carriesBankDetails(queuedMember())).toBe(false);
    const withBank = queuedMember('local-b', {
      body: { name: 'A', village: 'B', number: 'C', bankAccount: '1' },
    } as never);
    expect(carriesBankDetails(withBank)).toBe(true);
    expect(carriesBankDetails(queuedCashout('m-1', 5))).toBe(false);
  });
});
