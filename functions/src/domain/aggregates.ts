/**
 * Dashboard aggregates: what a change of one record adds to the running figures of its enabler.
 * Every figure is a pure function of the records' images, so the stream worker (old image out, new
 * image in) and a rebuild (every record in) reach the same numbers.
 *
 * A record carries `entityType`; plots, contributions, payouts, cashouts and member profiles move
 * figures, nothing else does (audit entries, idempotency receipts, the aggregates themselves). Plots
 * and money records carry a copy of their member's federation, which the stream worker keeps equal to
 * the member's (propagateFederation in data/aggregates/aggregates.ts).
 */
import { addMonths, isoDateOf, type IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import { pendingBenefitsEffect } from '@cpbo/schemas/money.ts';

export type Scale = 'daily' | 'weekly' | 'monthly';
export const scales: readonly Scale[] = ['daily', 'weekly', 'monthly'];

/**
 * - coversStarted / coversEnded: plots by startCoverageDate / endCoverageDate (a plot is covered from
 *   its start to the day before its end: covered today = started up to today − ended up to today);
 * - contributions, benefitsComputed (payouts): cents by date;
 * - pendingBenefits: payouts − cashouts, cents, per federation only;
 * - members: member profiles per federation (the federation list).
 */
export type Metric =
  'coversStarted' | 'coversEnded' | 'contributions' | 'benefitsComputed' | 'pendingBenefits' | 'members';

/** A dated series (one item per period) or a running total (one item per federation key). */
export type Bucket = Scale | 'total';

export interface AggregateIncrement {
  enablerId: string;
  metric: Metric;
  bucket: Bucket;
  /** The first day of the period, YYYY-MM-DD (weeks start on Monday); null for totals. */
  period: IsoDate | null;
  /** A federation key: federationKey(name), NO_FEDERATION or ALL_FEDERATIONS. */
  federation: string;
  /** Hundredths of the currency unit, or a count. */
  amount: number;
}

export interface AggregatedRecord {
  entityType?: string;
  enablerId?: string;
  federation?: string | null;
  amountCents?: number;
  contributionDate?: string;
  payoutDate?: string;
  startCoverageDate?: string;
  endCoverageDate?: string;
}

/** The federation key of members and records without a federation. */
export const NO_FEDERATION = 'NONE';
/** The key of the figures of every member, with or without a federation. */
export const ALL_FEDERATIONS = 'ALL';
const FEDERATION_PREFIX = 'F#';

/** Keys cannot collide: a federation named "ALL" or "NONE" is F#ALL, F#NONE. */
export const federationKey = (federation: string | null | undefined): string =>
  federation ? `${FEDERATION_PREFIX}${federation}` : NO_FEDERATION;

/** The federation of a key (null: no federation); undefined for ALL_FEDERATIONS. */
export const federationOfKey = (key: string): string | null | undefined => {
  if (key === NO_FEDERATION) return null;
  return key.startsWith(FEDERATION_PREFIX) ? key.slice(FEDERATION_PREFIX.length) : undefined;
};

export const periodStart = (isoDate: string, scale: Scale): IsoDate => {
  const day = isoDate.slice(0, 10);
  if (scale === 'daily') return day;
  if (scale === 'monthly') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return date.toISOString().slice(0, 10);
};

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);

/** A dated figure in the given buckets, for the record's federation and for all federations. */
const dated = (
  enablerId: string,
  metric: Metric,
  date: unknown,
  buckets: readonly Bucket[],
  federation: string,
  amount: number,
): AggregateIncrement[] => {
  if (!isDay(date) || amount === 0) return [];
  return buckets.flatMap((bucket) =>
    [federation, ALL_FEDERATIONS].map((key) => ({
      enablerId,
      metric,
      bucket,
      period: bucket === 'total' ? null : periodStart(date, bucket),
      federation: key,
      amount,
    })),
  );
};

const perFederation = (
  enablerId: string,
  metric: Metric,
  federation: string,
  amount: number,
): AggregateIncrement[] =>
  amount === 0 ? [] : [{ enablerId, metric, bucket: 'total', period: null, federation, amount }];

/** Covers ended are read by day (this month) and by month (later months) only. */
const endedBuckets: readonly Bucket[] = ['daily', 'monthly', 'total'];
const startedBuckets: readonly Bucket[] = [...scales, 'total'];

/** A record the figures cannot be read from: the stream worker gives it up to the dead-letter queue. */
export class MalformedRecordError extends Error {
  override name = 'MalformedRecordError';
}

const moneyTypes = new Set(['CONTRIBUTION', 'PAYOUT', 'CASHOUT']);

/** The figures one record holds (sign 1) or gives back (sign -1). */
export const figuresOf = (record: AggregatedRecord | undefined, sign: 1 | -1): AggregateIncrement[] => {
  if (!record?.enablerId) return [];
  const { enablerId } = record;
  const federation = federationKey(record.federation);
  if (moneyTypes.has(record.entityType ?? '') && !Number.isSafeInteger(record.amountCents)) {
    throw new MalformedRecordError(`A ${record.entityType} without a whole amount of cents`);
  }
  const cents = sign * (record.amountCents ?? 0);
  switch (record.entityType) {
    case 'PLOT':
      return [
        ...dated(enablerId, 'coversStarted', record.startCoverageDate, startedBuckets, federation, sign),
        ...dated(enablerId, 'coversEnded', record.endCoverageDate, endedBuckets, federation, sign),
      ];
    case 'CONTRIBUTION':
      return dated(enablerId, 'contributions', record.contributionDate, scales, federation, cents);
    case 'PAYOUT':
      return [
        ...dated(enablerId, 'benefitsComputed', record.payoutDate, scales, federation, cents),
        ...perFederation(enablerId, 'pendingBenefits', federation, pendingBenefitsEffect('PAYOUT', cents)),
      ];
    case 'CASHOUT':
      return perFederation(enablerId, 'pendingBenefits', federation, pendingBenefitsEffect('CASHOUT', cents));
    case 'MEMBER':
      return perFederation(enablerId, 'members', federation, sign);
    default:
      return [];
  }
};

/** The identity of the aggregate an increment moves. */
export const incrementKey = (increment: Omit<AggregateIncrement, 'amount'>): string =>
  [
    increment.enablerId,
    increment.metric,
    increment.bucket,
    increment.period ?? '',
    increment.federation,
  ].join('|');

/** Sums increments by aggregate, leaving out those that cancel out. */
export const mergeIncrements = (increments: Iterable<AggregateIncrement>): AggregateIncrement[] => {
  const merged = new Map<string, AggregateIncrement>();
  for (const increment of increments) {
    const key = incrementKey(increment);
    const existing = merged.get(key);
    if (existing) existing.amount += increment.amount;
    else merged.set(key, { ...increment });
  }
  return [...merged.values()].filter((increment) => increment.amount !== 0);
};

/** Increments that turn the figures of the old record into those of the new one. */
export const aggregateIncrements = (
  oldRecord: AggregatedRecord | undefined,
  newRecord: AggregatedRecord | undefined,
): AggregateIncrement[] => mergeIncrements([...figuresOf(oldRecord, -1), ...figuresOf(newRecord, 1)]);

/**
 * The record types that carry a copy of their member's federation, and must follow the member's when
 * it changes.
 */
export const federationCopies: readonly string[] = ['PLOT', 'CONTRIBUTION', 'PAYOUT', 'CASHOUT'];

/** The entity types whose changes move figures (the stream worker is given only these). */
export const aggregatedEntityTypes: readonly string[] = ['MEMBER', ...federationCopies];

/** The member's federation when a profile change moved it (undefined: it did not move). */
export const movedFederation = (
  oldRecord: AggregatedRecord | undefined,
  newRecord: AggregatedRecord | undefined,
): { from: string | null; to: string | null } | undefined => {
  if (oldRecord?.entityType !== 'MEMBER' || newRecord?.entityType !== 'MEMBER') return undefined;
  const from = oldRecord.federation || null;
  const to = newRecord.federation || null;
  return from === to ? undefined : { from, to };
};

/** The periods a series shows: `count` periods ending with the one of `today`, oldest first. */
export const displayedPeriods = (today: IsoDate, scale: Scale, count: number): IsoDate[] => {
  const current = new Date(`${periodStart(today, scale)}T00:00:00Z`);
  const periods: IsoDate[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const date = new Date(current);
    if (scale === 'monthly') date.setUTCMonth(date.getUTCMonth() - back);
    else date.setUTCDate(date.getUTCDate() - back * (scale === 'weekly' ? 7 : 1));
    periods.push(date.toISOString().slice(0, 10));
  }
  return periods;
};

const nextDay = (day: IsoDate): IsoDate => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return isoDateOf(date);
};

/**
 * What is dated after `day` (an ISO date), as the aggregates are read: the rest of its month by day
 * (none on the month's last day), then the later months by month. Bounds are inclusive.
 */
export const periodsAfter = (
  day: string,
): { days: { from: string; to: string } | null; months: { from: string; to: string } } => {
  const tomorrow = nextDay(day);
  return {
    days: tomorrow.slice(0, 7) === day.slice(0, 7) ? { from: tomorrow, to: `${day.slice(0, 7)}-31` } : null,
    months: { from: addMonths(periodStart(day, 'monthly'), 1), to: '9999-12-31' },
  };
};

/**
 * Covered plots on `today` from the covers counts: started up to today less ended up to today, each
 * worked out as the running total less what is dated after today.
 */
export const coveredPlots = (counts: {
  startedTotal: number;
  startedAfterToday: number;
  endedTotal: number;
  endedAfterToday: number;
}): number => counts.startedTotal - counts.startedAfterToday - (counts.endedTotal - counts.endedAfterToday);

/** Pending benefits by federation key → by federation (null: no federation), zeros left out, null last. */
export const pendingByFederation = (
  totals: ReadonlyMap<string, number>,
): { federation: string | null; cents: number }[] =>
  [...totals]
    .filter(([key, cents]) => cents !== 0 && federationOfKey(key) !== undefined)
    .map(([key, cents]) => ({ federation: federationOfKey(key) as string | null, cents }))
    .sort((a, b) => {
      if (a.federation === b.federation) return 0;
      if (a.federation === null) return 1;
      if (b.federation === null) return -1;
      return a.federation < b.federation ? -1 : 1;
    });

/** The federations that have members, from the member counts by federation key, sorted. */
export const federationsWithMembers = (members: ReadonlyMap<string, number>): string[] =>
  [...members]
    .filter(([, count]) => count > 0)
    .map(([key]) => federationOfKey(key))
    .filter((federation): federation is string => typeof federation === 'string')
    .sort();
