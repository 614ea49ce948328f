import { describe, expect, it } from 'vitest';
import { memberDetail } from '../../test/member-fixtures.ts';
import { queuedCashout, queuedMember, queuedPlot } from '../../test/queued-write-fixtures.ts';
import { localMember, localPlot, withQueuedWrites } from './local-records.ts';

describe('records the device created', () => {
  const record = { writes: [queuedMember(), queuedPlot('local-m')], serverIds: {} };

  it('should show a member registered on the device, with its queued plot and nothing paid or collected', () => {
    const member = localMember(record, 'local-m');
    expect(member).toMatchObject({
      id: 'local-m',
      name: 'Awa Sy',
      village: 'Sob',
      number: 'N-1',
      bankAccount: null,
      contributionTotal: 0,
      cashoutBalance: 0,
      contributions: [],
    });
    expect(member?.plots).toEqual([
      expect.objectContaining({
        id: 'local-p',
        name: 'Millet field',
        memberId: 'local-m',
        startCoverageDate: '2026-01-01',
        endOfSeasonDate: '2026-05-01',
        endCoverageDate: '2026-07-01',
        droughtMonthlyContrib: 1500,
      }),
    ]);
    expect(localMember(record, 'local-other')).toBeUndefined();
  });

  it('should show a plot queued on the device', () => {
    expect(localPlot(record, 'local-m', 'local-p')).toMatchObject({ id: 'local-p', memberName: 'Awa Sy' });
    expect(localPlot(record, 'local-m', 'p-1')).toBeUndefined();
  });

  it('should add a server member’s queued plots and take the queued payments from its pending benefit', () => {
    const member = memberDetail({ cashoutBalance: 500.5 });
    const queued = {
      writes: [
        queuedPlot('m-1', 'local-p2'),
        queuedCashout('m-1', 100.25, 'k-1'),
        queuedCashout('m-1', 50, 'k-2', { state: 'held' }),
        // Refused: it will not be paid.
        queuedCashout('m-1', 300, 'k-3', { state: 'refused' }),
        queuedCashout('m-2', 7, 'k-4'),
      ],
      serverIds: {},
    };
    const shown = withQueuedWrites(queued, member);
    expect(shown.cashoutBalance).toBe(350.25);
    expect(shown.plots.map(({ id }) => id)).toEqual(['p-1', 'local-p2']);
    expect(withQueuedWrites({ writes: [], serverIds: {} }, member)).toBe(member);
    expect(
      withQueuedWrites({ writes: [queuedCashout('m-1', 900)], serverIds: {} }, member).cashoutBalance,
    ).toBe(0);
  });
});
