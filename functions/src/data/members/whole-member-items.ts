import { memberTotals, plotTotals } from '#domain/money-totals.ts';
import { claimItemOf } from '../money/benefit-claims.ts';
import { memberClaimItems } from './member-claims.ts';
import { memberItem, type NewMember } from './member-items.ts';
import { recordIdClaimItem } from './member-keys.ts';
import { figuresOf } from '../money/money-items.ts';

type Item = Record<string, unknown>;

/** Drops the null dates: a member without a payout has no lastPayoutDate at all, as the writes leave it. */
const present = (fields: object): Item =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));

/**
 * The items of a member written whole, without a transaction per record (the import, the demo data):
 * its claims, its profile and plots with the totals, dates and counts its records add up to (the rule
 * of domain/money-totals.ts, record by record, as if each had been recorded), its records, the
 * claims of its plots' and records' ids, and its payouts' claims of their assessments (benefit-claims.ts).
 */
export const wholeMemberItems = (
  fields: NewMember,
  id: string,
  at: string,
  { plots, records }: { plots: Item[]; records: Item[] },
) => {
  const figures = records.map(figuresOf);
  return {
    claims: memberClaimItems(fields, id),
    profile: { ...memberItem(fields, id, at), ...present(memberTotals(plots.length, figures)) },
    plots: plots.map((plot) => ({ ...plot, ...plotTotals(figures, plot.id as string) })),
    records,
    recordIdClaims: [...plots, ...records].map((record) => recordIdClaimItem(record.id as string, id)),
    benefitClaims: records.filter((record) => record.entityType === 'PAYOUT').map(claimItemOf),
  };
};
