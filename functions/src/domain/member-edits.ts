import { foldText } from './member-list.ts';

/*
 * An administrator's edits and removals of members (spec sections 5 and 7): which duplicate claims an
 * edit moves, and whether a member can be removed in one transaction.
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
 * Besides the items of the member's partition (profile, plots, contributions, payouts, cashouts), a
 * removal writes: the two duplicate claims, the tombstone, the enabler's member count and the audit item.
 */
export const REMOVAL_EXTRA_ITEMS = 5;

/** The most items a member's partition may hold (its profile included) to be removed at once. */
export const MAX_REMOVABLE_PARTITION_ITEMS = MAX_TRANSACTION_ITEMS - REMOVAL_EXTRA_ITEMS;

export type RemovalPlan =
  | { removable: true; transactionItems: number }
  | { removable: false; code: 'ERR_MEMBER_HAS_PENDING_BENEFIT' | 'ERR_MEMBER_TOO_MANY_RECORDS' };

/**
 * Whether a member can be removed: all of it in one transaction, or nothing. A pending benefit is
 * money the programme owes the farmer: it is paid out (cashout) or its payouts deleted first, so a
 * removal never makes a debt vanish.
 */
export const removalPlan = (member: { partitionItems: number; cashoutBalanceCents: number }): RemovalPlan => {
  if (member.cashoutBalanceCents > 0) return { removable: false, code: 'ERR_MEMBER_HAS_PENDING_BENEFIT' };
  if (member.partitionItems > MAX_REMOVABLE_PARTITION_ITEMS)
    return { removable: false, code: 'ERR_MEMBER_TOO_MANY_RECORDS' };
  return { removable: true, transactionItems: member.partitionItems + REMOVAL_EXTRA_ITEMS };
};
