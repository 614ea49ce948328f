import { foldText } from '@cpbo/schemas/text.ts';

/*
 * An administrator's edits and removals of members (spec sections 5 and 7): which duplicate claims an
 * edit moves, and whether a member can be removed, in one transaction or with a job.
 */

/** What the duplicate rule compares: the number, and name with village, without case, accents or extra spaces. */
export interface ClaimValues {
  number: string;
  nameVillage: string;
}

/** A name or village as compared: trimmed, its spaces squeezed, folded (case and accents). */
export const squeeze = (text: string): string => foldText(text.trim().replace(/\s+/g, ' '));

export const claimValuesOf = (fields: { name: string; village: string; number: string }): ClaimValues => ({
  number: foldText(fields.number.trim()),
  nameVillage: `${squeeze(fields.name)}|${squeeze(fields.village)}`,
});

/**
 * The claims an edit moves: only those whose compared value changes. Changing the case or the
 * accents of a name keeps its claim (it is still the same person), so nothing is freed or taken.
 */
export const claimMoves = (
  before: { name: string; village: string; number: string },
  after: { name: string; village: string; number: string },
): { number: boolean; nameVillage: boolean } => {
  const from = claimValuesOf(before);
  const to = claimValuesOf(after);
  return { number: from.number !== to.number, nameVillage: from.nameVillage !== to.nameVillage };
};

/** DynamoDB's TransactWriteItems takes at most this many items. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * Besides the member's records, a removal writes: the profile, the two duplicate claims, the
 * tombstone, the enabler's member count, the audit item and the deletion's job item.
 */
export const REMOVAL_EXTRA_ITEMS = 7;

/** The most records (plots, contributions, payouts, cashouts) deleted in the removal's own transaction. */
export const MAX_RECORDS_REMOVED_AT_ONCE = MAX_TRANSACTION_ITEMS - REMOVAL_EXTRA_ITEMS;

export type RemovalPlan =
  /** atOnce: the records go in the removal's transaction; otherwise a job deletes them after it. */
  { removable: true; atOnce: boolean } | { removable: false; code: 'ERR_MEMBER_HAS_PENDING_BENEFIT' };

/**
 * Whether and how a member is removed. A pending benefit is money the programme owes the farmer: it
 * is paid out (cashout) or its payouts deleted first, so a removal never makes a debt vanish. Any
 * number of records can go: those one transaction holds with the member, the others by a job.
 */
export const removalPlan = (member: { records: number; cashoutBalanceCents: number }): RemovalPlan => {
  if (member.cashoutBalanceCents > 0) return { removable: false, code: 'ERR_MEMBER_HAS_PENDING_BENEFIT' };
  return { removable: true, atOnce: member.records <= MAX_RECORDS_REMOVED_AT_ONCE };
};
