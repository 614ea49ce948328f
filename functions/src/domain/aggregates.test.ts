import { describe, expect, it } from 'vitest';
import {
  aggregateIncrements,
  ALL_FEDERATIONS,
  coveredPlots,
  displayedPeriods,
  federationKey,
  federationOfKey,
  federationsWithMembers,
  figuresOf,
  pendingByFederation,
  periodsAfter,
  MalformedRecordError,
  movedFederation,
  NO_FEDERATION,
  periodStart,
  type AggregateIncrement,
} from './aggregates.ts';
import { MAX_TRANSACTION_ITEMS } from './member-edits.ts';

const contribution = {
  entityType: 'CONTRIBUTION',
  enablerId: 'e1',
  federation: 'Kaolack',
  amountCents: 1500,
  contributionDate: '2026-11-19T10:00:00Z',
};

const plot = {
  entityType: 'PLOT',
  enablerId: 'e1',
  federation: 'Kaolack',
  startCoverageDate: '2026-03-10',
  endCoverageDate: '2027-03-10',
};

/** The increments as `metric bucket period federation amount` lines, sorted: easy to read and compare. */
const lines = (increments: AggregateIncrement[]) =>
  increments.map((i) => `${i.metric} ${i.bucket} ${i.period ?? '-'} ${i.federation} ${i.amount}`).sort();

describe('dashboard aggregates', () => {
  it("move few enough aggregates for any change of a record that its transaction, with its marker, stays under DynamoDB's 100 items", () => {
    // A change moves at most the figures of the old record and those of the new one.
    const records = [
      plot,
      contribution,
      { ...contribution, entityType: 'PAYOUT', payoutDate: '2026-11-19' },
      { ...contribution, entityType: 'CASHOUT' },
      { entityType: 'MEMBER', enablerId: 'e1', federation: 'Kaolack' },
    ];
    const most = Math.max(...records.map((record) => figuresOf(record, 1).length));
    expect(2 * most + 1).toBeLessThanOrEqual(MAX_TRANSACTION_ITEMS);
  });

  it('start periods on the day, the Monday and the first of the month', () => {
    expect(periodStart('2026-11-19T10:00:00Z', 'daily')).toBe('2026-11-19');
    expect(periodStart('2026-11-19', 'weekly')).toBe('2026-11-16');
    expect(periodStart('2026-11-16', 'weekly')).toBe('2026-11-16');
    expect(periodStart('2026-11-22', 'weekly')).toBe('2026-11-16');
    expect(periodStart('2026-11-19', 'monthly')).toBe('2026-11-01');
    expect(periodStart('2027-01-01', 'weekly')).toBe('2026-12-28');
  });

  it('add a new contribution to each scale of its period, for its federation and for all', () => {
    expect(lines(aggregateIncrements(undefined, contribution))).toEqual([
      'contributions daily 2026-11-19 ALL 1500',
      'contributions daily 2026-11-19 F#Kaolack 1500',
      'contributions monthly 2026-11-01 ALL 1500',
      'contributions monthly 2026-11-01 F#Kaolack 1500',
      'contributions weekly 2026-11-16 ALL 1500',
      'contributions weekly 2026-11-16 F#Kaolack 1500',
    ]);
  });

  it('take a deleted record back out', () => {
    expect(lines(aggregateIncrements(contribution, undefined))).toEqual(
      lines(aggregateIncrements(undefined, contribution)).map((line) => line.replace(/ 1500$/, ' -1500')),
    );
  });

  it('move only the difference of an edited amount', () => {
    expect(lines(aggregateIncrements(contribution, { ...contribution, amountCents: 2000 }))).toEqual(
      lines(aggregateIncrements(undefined, contribution)).map((line) => line.replace(/ 1500$/, ' 500')),
    );
  });

  it('move a record to its new date, leaving the periods both dates share untouched', () => {
    const moved = aggregateIncrements(contribution, {
      ...contribution,
      contributionDate: '2026-11-20T08:00:00Z',
    });
    expect(lines(moved)).toEqual([
      'contributions daily 2026-11-19 ALL -1500',
      'contributions daily 2026-11-19 F#Kaolack -1500',
      'contributions daily 2026-11-20 ALL 1500',
      'contributions daily 2026-11-20 F#Kaolack 1500',
    ]);
  });

  it('move a record between federations without changing the all-federations figures', () => {
    const moved = aggregateIncrements(contribution, { ...contribution, federation: null });
    expect(moved.every((increment) => increment.federation !== ALL_FEDERATIONS)).toBe(true);
    expect(lines(moved.filter((increment) => increment.bucket === 'monthly'))).toEqual([
      'contributions monthly 2026-11-01 F#Kaolack -1500',
      `contributions monthly 2026-11-01 ${NO_FEDERATION} 1500`,
    ]);
  });

  it('count a plot as a cover started and a cover ending, the running totals included', () => {
    expect(lines(aggregateIncrements(undefined, plot))).toEqual(
      [
        'coversEnded daily 2027-03-10',
        'coversEnded monthly 2027-03-01',
        'coversEnded total -',
        'coversStarted daily 2026-03-10',
        'coversStarted monthly 2026-03-01',
        'coversStarted total -',
        'coversStarted weekly 2026-03-09',
      ]
        .flatMap((line) => [`${line} ALL 1`, `${line} F#Kaolack 1`])
        .sort(),
    );
  });

  it('move a cover whose end date is edited, not its start', () => {
    const moved = aggregateIncrements(plot, { ...plot, endCoverageDate: '2027-04-10' });
    expect(lines(moved)).toEqual([
      'coversEnded daily 2027-03-10 ALL -1',
      'coversEnded daily 2027-03-10 F#Kaolack -1',
      'coversEnded daily 2027-04-10 ALL 1',
      'coversEnded daily 2027-04-10 F#Kaolack 1',
      'coversEnded monthly 2027-03-01 ALL -1',
      'coversEnded monthly 2027-03-01 F#Kaolack -1',
      'coversEnded monthly 2027-04-01 ALL 1',
      'coversEnded monthly 2027-04-01 F#Kaolack 1',
    ]);
  });

  it('keep the pending benefit per federation: payouts add, cashouts take away', () => {
    const payout = { entityType: 'PAYOUT', enablerId: 'e1', amountCents: 900, payoutDate: '2026-10-31' };
    const cashout = { entityType: 'CASHOUT', enablerId: 'e1', amountCents: 400, cashoutDate: '2026-11-02' };
    expect(lines(aggregateIncrements(undefined, payout))).toEqual([
      'benefitsComputed daily 2026-10-31 ALL 900',
      'benefitsComputed daily 2026-10-31 NONE 900',
      'benefitsComputed monthly 2026-10-01 ALL 900',
      'benefitsComputed monthly 2026-10-01 NONE 900',
      'benefitsComputed weekly 2026-10-26 ALL 900',
      'benefitsComputed weekly 2026-10-26 NONE 900',
      'pendingBenefits total - NONE 900',
    ]);
    expect(lines(aggregateIncrements(undefined, cashout))).toEqual(['pendingBenefits total - NONE -400']);
    expect(lines(aggregateIncrements(cashout, { ...cashout, federation: 'Fatick' }))).toEqual([
      'pendingBenefits total - F#Fatick -400',
      'pendingBenefits total - NONE 400',
    ]);
  });

  it('count members per federation, and nothing for a change that keeps it', () => {
    const member = { entityType: 'MEMBER', enablerId: 'e1', federation: 'Fatick' };
    expect(lines(aggregateIncrements(undefined, member))).toEqual(['members total - F#Fatick 1']);
    expect(aggregateIncrements(member, { ...member, amountCents: 5 })).toEqual([]);
    expect(lines(aggregateIncrements(member, { ...member, federation: '' }))).toEqual([
      'members total - F#Fatick -1',
      'members total - NONE 1',
    ]);
  });

  it('ignore audit entries, idempotency receipts, aggregates and records of no enabler', () => {
    for (const entityType of ['AUDIT', 'IDEMPOTENCY', 'AGGREGATE', 'AGGREGATE_MARK', 'CAMPAIGN']) {
      expect(aggregateIncrements(undefined, { ...contribution, entityType })).toEqual([]);
    }
    expect(aggregateIncrements(undefined, { ...contribution, enablerId: undefined })).toEqual([]);
  });

  it('refuse a money record without a whole amount of cents', () => {
    expect(() => aggregateIncrements(undefined, { ...contribution, amountCents: 'x' as never })).toThrow(
      MalformedRecordError,
    );
    expect(() => aggregateIncrements(undefined, { ...contribution, amountCents: 1.5 })).toThrow(
      MalformedRecordError,
    );
  });

  it('keep federation keys apart from the special keys', () => {
    expect(federationKey('ALL')).not.toBe(ALL_FEDERATIONS);
    expect(federationKey('NONE')).not.toBe(NO_FEDERATION);
    expect(federationKey(null)).toBe(NO_FEDERATION);
    expect(federationOfKey(federationKey('ALL'))).toBe('ALL');
    expect(federationOfKey(NO_FEDERATION)).toBeNull();
    expect(federationOfKey(ALL_FEDERATIONS)).toBeUndefined();
  });

  it('tell when a member profile moved federation', () => {
    const member = { entityType: 'MEMBER', enablerId: 'e1', federation: 'Fatick' };
    expect(movedFederation(member, { ...member, federation: null })).toEqual({ from: 'Fatick', to: null });
    expect(movedFederation(member, member)).toBeUndefined();
    expect(movedFederation(undefined, member)).toBeUndefined();
    expect(movedFederation(contribution, { ...contribution, federation: 'x' })).toBeUndefined();
  });

  it('list the displayed periods, oldest first, ending with the current one', () => {
    expect(displayedPeriods('2026-11-23', 'monthly', 3)).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
    expect(displayedPeriods('2026-03-31', 'monthly', 2)).toEqual(['2026-02-01', '2026-03-01']);
    expect(displayedPeriods('2026-11-23', 'weekly', 2)).toEqual(['2026-11-16', '2026-11-23']);
    expect(displayedPeriods('2026-03-01', 'daily', 2)).toEqual(['2026-02-28', '2026-03-01']);
    expect(displayedPeriods('2026-11-23', 'daily', 31)).toHaveLength(31);
  });

  it('count covered plots as started up to today less ended up to today', () => {
    expect(coveredPlots({ startedTotal: 10, startedAfterToday: 2, endedTotal: 5, endedAfterToday: 4 })).toBe(
      7,
    );
  });

  it('list pending benefits by federation without zeros, members without a federation last', () => {
    const totals = new Map([
      [NO_FEDERATION, 500],
      [federationKey('Thiès'), 0],
      [federationKey('Kaolack'), 1800],
      [federationKey('Fatick'), -5],
      [ALL_FEDERATIONS, 9],
    ]);
    expect(pendingByFederation(totals)).toEqual([
      { federation: 'Fatick', cents: -5 },
      { federation: 'Kaolack', cents: 1800 },
      { federation: null, cents: 500 },
    ]);
  });

  it('list the federations that still have members', () => {
    const members = new Map([
      [federationKey('Louga'), 2],
      [federationKey('Fatick'), 0],
      [NO_FEDERATION, 4],
      [federationKey('Kaolack'), 1],
    ]);
    expect(federationsWithMembers(members)).toEqual(['Kaolack', 'Louga']);
  });
});

describe('periodsAfter', () => {
  it('is the rest of the month by day, then the later months, and no days on a month’s last day', () => {
    expect(periodsAfter('2026-11-29')).toEqual({
      days: { from: '2026-11-30', to: '2026-11-31' },
      months: { from: '2026-12-01', to: '9999-12-31' },
    });
    // A read from 1 December to "31 November" is refused by DynamoDB: the dashboard failed on such days.
    for (const [day, nextMonth] of [
      ['2026-11-30', '2026-12-01'],
      ['2026-12-31', '2027-01-01'],
      ['2026-02-28', '2026-03-01'],
      ['2028-02-29', '2028-03-01'],
    ] as const)
      expect(periodsAfter(day), day).toEqual({ days: null, months: { from: nextMonth, to: '9999-12-31' } });
    expect(periodsAfter('2028-02-28').days).toEqual({ from: '2028-02-29', to: '2028-02-31' });
  });

  it('starts every day of a year after it, in order, with no day of the month left out', () => {
    for (let time = Date.parse('2026-01-01'); time < Date.parse('2029-01-01'); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      const { days, months } = periodsAfter(day);
      const tomorrow = new Date(time + 86_400_000).toISOString().slice(0, 10);
      if (days) {
        expect(days.from).toBe(tomorrow);
        expect(days.from <= days.to).toBe(true);
      } else expect(tomorrow).toBe(months.from);
      expect(months.from > day && months.from.endsWith('-01')).toBe(true);
    }
  });
});
