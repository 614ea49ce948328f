/**
 * Dashboard aggregates: what a change of one record adds to the running figures.
 * A record carries `entityType`; only money and cover records move figures.
 */
export type Scale = 'daily' | 'weekly' | 'monthly';
export const scales: readonly Scale[] = ['daily', 'weekly', 'monthly'];

export type Metric = 'contributions' | 'benefitsComputed' | 'coversStarted';

export interface AggregateIncrement {
  enablerId: string;
  metric: Metric;
  scale: Scale;
  /** The first day of the period, YYYY-MM-DD (weeks start on Monday). */
  period: string;
  federation: string;
  /** Hundredths of the currency unit (contributions, benefits) or a count (covers). */
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
}

/** The federation key of records without one. */
export const NO_FEDERATION = '-';

const metricOf: Record<
  string,
  { metric: Metric; date: keyof AggregatedRecord; counts: boolean } | undefined
> = {
  CONTRIBUTION: { metric: 'contributions', date: 'contributionDate', counts: false },
  PAYOUT: { metric: 'benefitsComputed', date: 'payoutDate', counts: false },
  PLOT: { metric: 'coversStarted', date: 'startCoverageDate', counts: true },
};

export const periodStart = (isoDate: string, scale: Scale): string => {
  const day = isoDate.slice(0, 10);
  if (scale === 'daily') return day;
  if (scale === 'monthly') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return date.toISOString().slice(0, 10);
};

const contributionOf = (record: AggregatedRecord | undefined, sign: 1 | -1): AggregateIncrement[] => {
  const rule = record?.entityType ? metricOf[record.entityType] : undefined;
  if (!record || !rule || !record.enablerId) return [];
  const date = record[rule.date];
  if (typeof date !== 'string') return [];
  const amount = rule.counts ? 1 : (record.amountCents ?? 0);
  if (amount === 0) return [];
  return scales.map((scale) => ({
    enablerId: record.enablerId as string,
    metric: rule.metric,
    scale,
    period: periodStart(date, scale),
    federation: record.federation || NO_FEDERATION,
    amount: sign * amount,
  }));
};

/** Increments that turn the figures of the old record into those of the new one. */
export const aggregateIncrements = (
  oldRecord: AggregatedRecord | undefined,
  newRecord: AggregatedRecord | undefined,
): AggregateIncrement[] => {
  const merged = new Map<string, AggregateIncrement>();
  for (const increment of [...contributionOf(oldRecord, -1), ...contributionOf(newRecord, 1)]) {
    const key = [
      increment.enablerId,
      increment.metric,
      increment.scale,
      increment.period,
      increment.federation,
    ].join('|');
    const existing = merged.get(key);
    if (existing) existing.amount += increment.amount;
    else merged.set(key, { ...increment });
  }
  return [...merged.values()].filter((increment) => increment.amount !== 0);
};
