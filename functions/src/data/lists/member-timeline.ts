import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberChange, MemberSummary } from '#domain/lists/member-list.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { changeKey, TOMBSTONE_DAYS, membersOfEnabler, memberTombstoneKey } from '../members/member-keys.ts';
import { epochSeconds, tableName } from '../table/table.ts';
import { timelineSince, wholeTimeline } from './timelines.ts';
import { readItem } from '../table/item-values.ts';

/*
 * The change timeline of an enabler's members (gsi1 ENABLER#<id>#MEMBER, ordered by change time,
 * data/lists/timelines.ts): every member profile under the time it last changed, and a tombstone for each
 * member removed in the last TOMBSTONE_DAYS. The member directory reads it whole, or from a
 * time on; the record lists read the members' names from it.
 */

export const MEMBER_REMOVED = 'MEMBER_REMOVED';

/**
 * The tombstone of a removed member: the transaction that deletes a member's profile puts it, so that
 * every directory learns of the removal from its catch-up read (a deleted profile leaves no trace).
 */
export const memberTombstoneItem = (enablerId: string, memberId: string, removedAt: string) => ({
  ...memberTombstoneKey(memberId),
  entityType: MEMBER_REMOVED,
  gsi1pk: membersOfEnabler(enablerId),
  gsi1sk: changeKey(removedAt, memberId),
  id: memberId,
  enablerId,
  removedAt,
  expiresAt: epochSeconds(new Date(removedAt)) + TOMBSTONE_DAYS * 86_400,
});

/**
 * The enabler of a member removed in the last TOMBSTONE_DAYS (its tombstone, not yet expired):
 * calls on it answer that it was deleted rather than that it never was.
 */
export const removedMemberEnabler = async (
  memberId: string,
  now = new Date(),
): Promise<string | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: memberTombstoneKey(memberId), ConsistentRead: true }),
  );
  return Item?.entityType === MEMBER_REMOVED && (Item.expiresAt as number) > epochSeconds(now)
    ? (Item.enablerId as string)
    : undefined;
};

/**
 * What the directory reads of each timeline item: a member's summary fields (summaryOfProfile) or a
 * tombstone's. Leaving out phone, bank and the other fields makes a full read of a large enabler
 * markedly quicker to transfer and decode.
 */
export const timelineProjection = {
  ProjectionExpression: [
    'entityType',
    'id',
    '#name',
    'village',
    '#number',
    'federation',
    'onboardingDate',
    'contributionTotalCents',
    'cashoutBalanceCents',
    'plotCount',
    'lastContributionDate',
    'lastPayoutDate',
    'updatedAt',
    'removedAt',
  ].join(', '),
  ExpressionAttributeNames: { '#name': 'name', '#number': 'number' },
};

/**
 * A member's summary from its profile's attributes: the projected item the directory reads, or a
 * whole member (members.ts memberSummaryOf), whose fields bear the same names.
 */
export const summaryOfProfile = (item: Record<string, unknown>): MemberSummary => ({
  ...readItem(item, {
    text: ['id', 'name', 'village', 'number', 'onboardingDate', 'updatedAt'],
    optional: ['federation', 'lastContributionDate', 'lastPayoutDate'],
    count: ['contributionTotalCents', 'cashoutBalanceCents', 'plotCount'],
  }),
});

const changeOf = (item: Record<string, unknown>): MemberChange | undefined => {
  if (item.entityType === 'MEMBER') return { type: 'member', summary: summaryOfProfile(item) };
  if (item.entityType === MEMBER_REMOVED)
    return { type: 'removed', id: item.id as string, removedAt: item.removedAt as string };
  return undefined;
};

/** Every member of an enabler: the change timeline is cut into slices by time, read in parallel. */
export const allMembersOf = (enablerId: string): Promise<MemberSummary[]> =>
  wholeTimeline(membersOfEnabler(enablerId), timelineProjection, (item) => {
    const change = changeOf(item);
    return change?.type === 'member' ? [change.summary] : [];
  });

/** The changes of an enabler's members at or after `since` (ISO instant), oldest first: the catch-up read. */
export const memberChangesSince = async (enablerId: string, since: string): Promise<MemberChange[]> =>
  (await timelineSince(membersOfEnabler(enablerId), since, timelineProjection)).flatMap(
    (item) => changeOf(item) ?? [],
  );
