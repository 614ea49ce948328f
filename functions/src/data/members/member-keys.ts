import { claimValuesOf } from '#domain/member-edits.ts';

/*
 * Keys of a member's partition and of the per-enabler listings.
 * - MEMBER#<id> / PROFILE, PLOT#<id>, CONTRIB#<date>#<id>, PAYOUT#<date>#<id>, CASHOUT#<date>#<id>:
 *   one Query reads a member page.
 * - gsi1 ENABLER#<id>#MEMBER / <updatedAt>#<memberId>: members of an enabler changed since a time (the list).
 *   A removed member leaves a tombstone there, MEMBERREMOVED#<id> / REMOVED, kept TOMBSTONE_DAYS.
 * - gsi1 ENABLER#<id>#<TYPE> / <changedAt>#<id>: an enabler's plots, contributions, payouts, cashouts by
 *   the time each last changed (the admin tables' catch-up). A removed record leaves a tombstone there,
 *   RECORDREMOVED#<id> / REMOVED, kept TOMBSTONE_DAYS. Items written before this key kept their
 *   date in it (`<date>#<id>`) until they change: a full read reads them all the same.
 * - gsi3 RECORD#<id> / RECORD: a plot or money record by its id alone (admin edit and delete).
 * - RECORDID#<id> / CLAIM: a plot's or money record's id claimed for its member, in the transaction
 *   that creates the record, and kept when the record is deleted: an id never passes to another
 *   member. An import reads these claims (BatchGetItem) where a by-id query per record would cost more.
 * - ENABLER#<id>#MEMBERNUMBER#<number> and ENABLER#<id>#MEMBERNAME#<name>|<village> / UNIQUE: the
 *   duplicate-member rule, enforced by the transaction that creates the member.
 */
export const memberPartition = (memberId: string): string => `MEMBER#${memberId}`;
export const MEMBER_PROFILE = 'PROFILE';

export const recordTypes = {
  PLOT: 'PLOT',
  CONTRIBUTION: 'CONTRIB',
  PAYOUT: 'PAYOUT',
  CASHOUT: 'CASHOUT',
} as const;
export type RecordType = keyof typeof recordTypes;

export const plotSortKey = (plotId: string): string => `PLOT#${plotId}`;
export const moneySortKey = (type: Exclude<RecordType, 'PLOT'>, date: string, id: string): string =>
  `${recordTypes[type]}#${date}#${id}`;

export const membersOfEnabler = (enablerId: string): string => `ENABLER#${enablerId}#MEMBER`;
/** A change timeline's sort key (data/lists/timelines.ts): the instant of the change, then the id. */
export const changeKey = (changedAt: string, id: string): string => `${changedAt}#${id}`;
/** The SET clauses that mark a member changed, so the list's catch-up query sees it. */
export const touchMember = (memberId: string, updatedAt: string) => ({
  clause: 'updatedAt = :updatedAt, gsi1sk = :changeKey',
  values: { ':updatedAt': updatedAt, ':changeKey': changeKey(updatedAt, memberId) },
});
export const memberTombstoneKey = (memberId: string) => ({ pk: `MEMBERREMOVED#${memberId}`, sk: 'REMOVED' });
/**
 * How long a removal stays in the change timeline. A directory (or snapshot) that last caught up
 * longer ago than this may have missed a removal, so it is read anew from the table.
 */
export const TOMBSTONE_DAYS = 30;

export const recordsOfEnabler = (enablerId: string, type: RecordType): string =>
  `ENABLER#${enablerId}#${recordTypes[type]}`;
export const recordById = (id: string): string => `RECORD#${id}`;
export const recordTombstoneKey = (id: string) => ({ pk: `RECORDREMOVED#${id}`, sk: 'REMOVED' });
export const recordIdClaimKey = (id: string) => ({ pk: `RECORDID#${id}`, sk: 'CLAIM' });
export const recordIdClaimItem = (id: string, memberId: string) => ({
  ...recordIdClaimKey(id),
  entityType: 'RECORD_CLAIM',
  id,
  memberId,
});

export const memberNumberClaim = (enablerId: string, number: string) => ({
  pk: `ENABLER#${enablerId}#MEMBERNUMBER#${claimValuesOf({ name: '', village: '', number }).number}`,
  sk: 'UNIQUE',
});
export const memberNameClaim = (enablerId: string, name: string, village: string) => ({
  pk: `ENABLER#${enablerId}#MEMBERNAME#${claimValuesOf({ name, village, number: '' }).nameVillage}`,
  sk: 'UNIQUE',
});
