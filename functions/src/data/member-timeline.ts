import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberChange, MemberSummary } from '#domain/member-list.ts';
import { dynamo } from '#platform/aws-clients.ts';
import {
  MEMBER_TOMBSTONE_DAYS,
  memberChangeKey,
  membersOfEnabler,
  memberTombstoneKey,
} from './member-keys.ts';
import { epochSeconds, queryAll, tableName } from './table.ts';
import { orNull } from './item-values.ts';

/*
 * The change timeline of an enabler's members (gsi1 ENABLER#<id>#MEMBER, ordered by change time):
 * every member profile under the time it last changed, and a tombstone for each member removed in
 * the last MEMBER_TOMBSTONE_DAYS. The member directory reads it whole, or from a time on.
 */

const MEMBER_REMOVED = 'MEMBER_REMOVED';

/**
 * The tombstone of a removed member: the transaction that deletes a member's profile puts it, so that
 * every directory learns of the removal from its catch-up read (a deleted profile leaves no trace).
 */
export const memberTombstoneItem = (enablerId: string, memberId: string, removedAt: string) => ({
  ...memberTombstoneKey(memberId),
  entityType: MEMBER_REMOVED,
  gsi1pk: membersOfEnabler(enablerId),
  gsi1sk: memberChangeKey(removedAt, memberId),
  id: memberId,
  enablerId,
  removedAt,
  expiresAt: epochSeconds(new Date(removedAt)) + MEMBER_TOMBSTONE_DAYS * 86_400,
});

/**
 * The enabler of a member removed in the last MEMBER_TOMBSTONE_DAYS (its tombstone, not yet expired):
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
  id: item.id as string,
  name: item.name as string,
  village: item.village as string,
  number: item.number as string,
  federation: orNull(item.federation),
  onboardingDate: item.onboardingDate as string,
  contributionTotalCents: (item.contributionTotalCents as number | undefined) ?? 0,
  pendingBenefitsCents: (item.cashoutBalanceCents as number | undefined) ?? 0,
  plotCount: (item.plotCount as number | undefined) ?? 0,
  lastContributionDate: orNull(item.lastContributionDate),
  lastPayoutDate: orNull(item.lastPayoutDate),
  updatedAt: item.updatedAt as string,
});

const changeOf = (item: Record<string, unknown>): MemberChange | undefined => {
  if (item.entityType === 'MEMBER') return { type: 'member', summary: summaryOfProfile(item) };
  if (item.entityType === MEMBER_REMOVED)
    return { type: 'removed', id: item.id as string, removedAt: item.removedAt as string };
  return undefined;
};

/**
 * A whole enabler is read as this many slices of its change timeline, at most LOAD_PARALLEL at a
 * time. Short slices keep every Query to a page or two: a long paged Query slows down page after page
 * on DynamoDB Local (500 000 members: 211 s in 8 slices, 82 s in 64, 32 s in 256).
 */
const LOAD_SLICES = 256;
const LOAD_PARALLEL = 32;

const changeKeyEnd = async (enablerId: string, forward: boolean): Promise<string | undefined> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :members',
      ExpressionAttributeValues: { ':members': membersOfEnabler(enablerId) },
      ProjectionExpression: 'gsi1sk',
      ScanIndexForward: forward,
      Limit: 1,
    }),
  );
  return Items[0]?.gsi1sk as string | undefined;
};

const changesBetween = async (enablerId: string, lower: string, upper: string): Promise<MemberChange[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'gsi1',
      // Change keys are '<instant>#<id>', so a bare instant sorts before every key of that instant.
      KeyConditionExpression: 'gsi1pk = :members AND gsi1sk BETWEEN :lower AND :upper',
      ExpressionAttributeValues: {
        ':members': membersOfEnabler(enablerId),
        ':lower': lower,
        ':upper': upper,
      },
      ...timelineProjection,
    })
  ).flatMap((item) => changeOf(item) ?? []);

/** Every member of an enabler: the change timeline is cut into slices by time, read in parallel. */
export const allMembersOf = async (enablerId: string): Promise<MemberSummary[]> => {
  const [first, last] = await Promise.all([changeKeyEnd(enablerId, true), changeKeyEnd(enablerId, false)]);
  if (!first || !last) return [];
  const from = Date.parse(first.slice(0, first.indexOf('#')));
  const span = Date.parse(last.slice(0, last.indexOf('#'))) + 1 - from;
  // A slice spans a millisecond at least: members all changed within a few get as many slices.
  const count = Number.isFinite(span) ? Math.max(1, Math.min(LOAD_SLICES, span)) : 1;
  const bounds = Array.from({ length: count + 1 }, (_, index) => {
    if (index === 0) return first;
    if (index === count) return `${last}\uffff`;
    return new Date(from + Math.floor((span * index) / count)).toISOString();
  });
  const slices: MemberChange[][] = [];
  let next = 0;
  const reader = async () => {
    for (let slice = next++; slice < count; slice = next++)
      slices[slice] = await changesBetween(enablerId, bounds[slice] as string, bounds[slice + 1] as string);
  };
  await Promise.all(Array.from({ length: Math.min(LOAD_PARALLEL, count) }, reader));
  return slices.flat().flatMap((change) => (change.type === 'member' ? [change.summary] : []));
};

/** The changes of an enabler's members at or after `since` (ISO instant), oldest first: the catch-up read. */
export const memberChangesSince = async (enablerId: string, since: string): Promise<MemberChange[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :members AND gsi1sk >= :since',
      ExpressionAttributeValues: { ':members': membersOfEnabler(enablerId), ':since': since },
      ...timelineProjection,
    })
  ).flatMap((item) => changeOf(item) ?? []);
