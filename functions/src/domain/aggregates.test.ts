import { describe, expect, it } from 'vitest';
import { aggregateIncrements, NO_FEDERATION, periodStart } from './aggregates.ts';

const contribution = {
  entityType: 'CONTRIBUTION',
  enablerId: 'e1',
  federation: 'Kaolack',
  amountCents: 1500,
  contributionDate: '2026-11-19T10:00:00Z',
};

describe('dashboard aggregates', () => {
  it('start periods on the day, the Monday and the first of the month', () => {
    expect(periodStart('2026-11-19T10:00:00Z', 'daily')).toBe('2026-11-19');
    expect(periodStart('2026-11-19', 'weekly')).toBe('2026-11-16');
    expect(periodStart('2026-11-16', 'weekly')).toBe('2026-11-16');
    expect(periodStart('2026-11-22', 'weekly')).toBe('2026-11-16');
    expect(periodStart('2026-11-19', 'monthly')).toBe('2026-11-01');
  });

  it('add a new contribution to each scale of its period and federation', () => {
    expect(aggregateIncrements(undefined, contribution)).toEqual([
      {
        enablerId: 'e1',
        metric: 'contributions',
        scale: 'daily',
        period: '2026-11-19',
        federation: 'Kaolack',
        amount: 1500,
      },
      {
        enablerId: 'e1',
        metric: 'contributions',
        scale: 'weekly',
        period: '2026-11-16',
        federation: 'Kaolack',
        amount: 1500,
      },
      {
        enablerId: 'e1',
        metric: 'contributions',
        scale: 'monthly',
        period: '2026-11-01',
        federation: 'Kaolack',
        amount: 1500,
      },
    ]);
  });

  it('take a deleted record back out, and move only the difference of a change', () => {
    expect(aggregateIncrements(contribution, undefined).map((i) => i.amount)).toEqual([-1500, -1500, -1500]);
    expect(
      aggregateIncrements(contribution, { ...contribution, amountCents: 2000 }).map((i) => i.amount),
    ).toEqual([500, 500, 500]);
    expect(aggregateIncrements(contribution, { ...contribution })).toEqual([]);
  });

  it('count plots as covers started, and ignore records that move no figure', () => {
    const plot = { entityType: 'PLOT', enablerId: 'e1', federation: null, startCoverageDate: '2026-06-01' };
    expect(aggregateIncrements(undefined, plot)[2]).toMatchObject({
      metric: 'coversStarted',
      amount: 1,
      federation: NO_FEDERATION,
    });
    expect(aggregateIncrements(undefined, { entityType: 'MEMBER', enablerId: 'e1' })).toEqual([]);
    expect(
      aggregateIncrements(undefined, { entityType: 'CASHOUT', enablerId: 'e1', amountCents: 100 }),
    ).toEqual([]);
  });
});
