import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { claimMoves, removalPlan } from '#domain/member-edits.ts';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import { memberClaims, type MemberClaim } from '@cpbo/schemas/members.ts';
import { auditedFields } from '@cpbo/schemas/activity.ts';
import { AppError } from '#platform/app-error.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { missingOrOther } from '../enablers/admin-scope.ts';
import { changedFields, stateOf } from '#domain/audit-changes.ts';
import { auditItem, stillHolds, type Actor } from '../logs/audit.ts';
import { enablerPartition, ENABLER_PROFILE } from '../enablers/enablers.ts';
import { claimDelete, claimPut, duplicateMemberError, memberClaimItems } from './member-claims.ts';
import { memberItem, toMember, type Member, type MemberFields, type NewMember } from './member-items.ts';
import { MEMBER_PROFILE, memberPartition, touchMember } from './member-keys.ts';
import { memberTombstoneItem } from '../lists/member-timeline.ts';
import { nowIso, queryAll, tableName, transact, type FailedItem, type FailureCode } from '../table/table.ts';
import type { TransactItem, WriteOptions } from '../table/transaction-items.ts';
import { memberDeletionItem, type MemberDeletion } from './member-deletions.ts';
import { outboxMessage, outboxPut, type OutboxMessage } from '../jobs/outbox.ts';

/* A member's profile: read, registered, edited, removed with everything of its partition. */

/** The member's profile alone (strongly consistent: money rules read it). */
export const getMember = async (memberId: string): Promise<Member | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: memberPartition(memberId), sk: MEMBER_PROFILE },
      ConsistentRead: true,
    }),
  );
  return Item?.entityType === 'MEMBER' ? toMember(Item) : undefined;
};

/** The fields of a member its audit entries keep (its money totals are the money records'). */
const auditedMemberFields = auditedFields.member satisfies readonly (keyof MemberChanges)[];

/**
 * Registers a member. The same transaction claims the member's number and name+village in the
 * enabler (ERR_DUPLICATE_MEMBER when taken, naming the claims and the members holding them), counts the
 * member on the enabler and, when a person registers it (not the demo's or a bench's data), writes its
 * audit entry.
 */
export const createMember = async (
  fields: NewMember,
  { now = new Date(), receipt, actor }: WriteOptions<Member> & { actor?: Actor } = {},
): Promise<Member> => {
  const id = randomUUID();
  const at = nowIso(now);
  const item = memberItem(fields, id, at);
  const member = toMember(item);
  const claims = memberClaimItems(fields, id).map(claimPut);
  // The claims follow the profile's put.
  const claimAt = new Map(memberClaims.map((rule, index) => [1 + index, rule]));
  await transact(
    [
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...claims,
      {
        Update: {
          TableName: tableName(),
          Key: { pk: enablerPartition(fields.enablerId), sk: ENABLER_PROFILE },
          UpdateExpression: 'ADD memberCount :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      ...(actor
        ? [
            auditItem({
              enablerId: fields.enablerId,
              action: 'CREATE',
              recordType: 'MEMBER',
              recordId: id,
              memberId: id,
              label: fields.name,
              before: null,
              after: stateOf(fields, auditedMemberFields),
              by: actor,
              at,
            }),
          ]
        : []),
    ],
    [
      'ERR_CONFLICT',
      'ERR_DUPLICATE_MEMBER',
      'ERR_DUPLICATE_MEMBER',
      'ERR_NOT_FOUND',
      ...(actor ? ['ERR_CONFLICT' as const] : []),
    ],
    receipt?.(member),
  ).catch((error: unknown) => {
    throw duplicateMemberError(error, claimAt);
  });
  return member;
};

export type MemberChanges = MemberFields & { onboardingDate: IsoDate };

/**
 * Changes every field of a member (an administrator's edit), with the audit entry of the fields that
 * changed (bank details included), before and after. When the number, or the name and village, compare
 * differently, the same transaction frees the old claim and takes the new one (ERR_DUPLICATE_MEMBER
 * when another member holds it). The profile is conditioned on every field as read, which the claims
 * and the audit's `before` were worked out from, so an edit made meanwhile answers ERR_CONFLICT instead
 * of leaving a claim behind or a wrong trail.
 */
export const updateMember = async (
  before: Member,
  changes: MemberChanges,
  actor: Actor,
  now = new Date(),
): Promise<void> => {
  const at = nowIso(now);
  const touch = touchMember(before.id, at);
  const moves = claimMoves(before, changes);
  const [oldNumber, oldName] = memberClaimItems(before, before.id);
  const [newNumber, newName] = memberClaimItems({ ...changes, enablerId: before.enablerId }, before.id);
  const claimItems: TransactItem[] = [];
  const claimCodes: FailureCode[] = [];
  // Positions in the transaction (the profile's update comes first) of the claims taken.
  const claimAt = new Map<number, MemberClaim>();
  const move = (from: typeof oldNumber, to: typeof newNumber, rule: MemberClaim) => {
    if (!from || !to) return;
    claimItems.push(claimDelete(from, before.id), claimPut(to));
    claimCodes.push('ERR_CONFLICT', 'ERR_DUPLICATE_MEMBER');
    claimAt.set(claimItems.length, rule);
  };
  if (moves.number) move(oldNumber, newNumber, 'number');
  if (moves.nameVillage) move(oldName, newName, 'nameVillage');
  const read = stateOf(before, auditedMemberFields);
  const held = stillHolds(read);
  const changed = changedFields(read, stateOf(changes, auditedMemberFields));
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(before.id), sk: MEMBER_PROFILE },
          UpdateExpression:
            'SET #name = :name, village = :village, #number = :number, federation = :federation, gender = :gender, ' +
            'phone = :phone, bankName = :bankName, bankBranchName = :bankBranchName, bankIFSC = :bankIFSC, ' +
            `bankAccount = :bankAccount, onboardingDate = :onboardingDate, ${touch.clause}`,
          ConditionExpression: `attribute_exists(pk) AND enablerId = :enablerId AND ${held.condition}`,
          ExpressionAttributeNames: { '#name': 'name', '#number': 'number', ...held.names },
          ExpressionAttributeValues: {
            ':name': changes.name,
            ':village': changes.village,
            ':number': changes.number,
            ':federation': changes.federation,
            ':gender': changes.gender,
            ':phone': changes.phone,
            ':bankName': changes.bankName,
            ':bankBranchName': changes.bankBranchName,
            ':bankIFSC': changes.bankIFSC,
            ':bankAccount': changes.bankAccount,
            ':onboardingDate': changes.onboardingDate,
            ':enablerId': before.enablerId,
            ...held.values,
            ...touch.values,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      ...claimItems,
      ...(changed
        ? [
            auditItem({
              enablerId: before.enablerId,
              action: 'UPDATE',
              recordType: 'MEMBER',
              recordId: before.id,
              memberId: before.id,
              label: changes.name,
              ...changed,
              by: actor,
              at,
            }),
          ]
        : []),
    ],
    [
      missingOrOther(before.enablerId, 'ERR_CONFLICT'),
      ...claimCodes,
      ...(changed ? ['ERR_CONFLICT' as const] : []),
    ],
  ).catch((error: unknown) => {
    throw duplicateMemberError(error, claimAt);
  });
};

/** The member's totals as the removal found them: the profile is deleted only if they still hold. */
const totalAttributes = [
  'plotCount',
  'contributionTotalCents',
  'payoutTotalCents',
  'cashoutTotalCents',
  'cashoutBalanceCents',
] as const;

/** A number of the item a failed condition returned (not unmarshalled). */
const numberOf = (item: FailedItem, name: string): number =>
  Number((item?.[name] as { N?: string } | undefined)?.N ?? 0);

/** The keys and types of a member's records (its partition but the profile), read consistently. */
const recordKeysOf = async (memberId: string) =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': memberPartition(memberId) },
      ProjectionExpression: 'pk, sk, entityType',
      ConsistentRead: true,
    })
  ).filter((item) => item.sk !== MEMBER_PROFILE);

/** A member's removal: when it was removed (its tombstone's instant) and the deletion of its records. */
export interface MemberRemoval {
  removedAt: string;
  deletion: MemberDeletion;
  /** The deletion job's first step, recorded with the removal when a job deletes its records. */
  queued?: OutboxMessage;
}

/**
 * Removes a member in one transaction: its profile, its duplicate claims, the enabler's count, a
 * tombstone for the member directories, an audit entry of who removed it with its totals and record
 * counts, and the deletion's job item, with its plots, contributions, payouts and cashouts when they
 * fit in the same transaction (the job is then DONE). Otherwise the job (QUEUED) deletes them after
 * it: from the removal on, the member is gone for every reader and every write (each one conditions
 * on its profile). Refused, writing nothing, while a benefit is pending
 * (ERR_MEMBER_HAS_PENDING_BENEFIT). The profile's delete is conditioned on its totals and last change
 * as read: every write of a record moves one of them, so a record added meanwhile cannot be left
 * behind or miscounted (ERR_CONFLICT).
 */
export const deleteMember = async (
  enablerId: string,
  memberId: string,
  deletedBy: Actor,
  now?: Date,
): Promise<MemberRemoval> => {
  const { Item: profile } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: memberPartition(memberId), sk: MEMBER_PROFILE },
      ConsistentRead: true,
    }),
  );
  if (profile?.entityType !== 'MEMBER' || profile.enablerId !== enablerId)
    throw new AppError('ERR_NOT_FOUND');
  const member = toMember(profile);
  const records = await recordKeysOf(memberId);
  const plan = removalPlan({ records: records.length, cashoutBalanceCents: member.cashoutBalanceCents });
  if (!plan.removable) throw new AppError(plan.code);
  // The removal is later than the profile's last change, which a list may hold: a list passes over a
  // removal older than its row (DirectoryIndex.remove), and the change may bear an instant past this
  // clock's (another instance's clock, or a write that took its instant after this call began).
  const at = nowIso(
    new Date(Math.max((now ?? new Date()).getTime(), Date.parse(profile.updatedAt as string) + 1)),
  );
  const seen = totalAttributes.map((name, index) =>
    profile[name] === undefined ? `attribute_not_exists(${name})` : `${name} = :seen${index}`,
  );
  const seenValues = Object.fromEntries(
    totalAttributes.flatMap((name, index) =>
      profile[name] === undefined ? [] : [[`:seen${index}`, profile[name]]],
    ),
  );
  const counts = (type: string) => records.filter((item) => item.entityType === type).length;
  const removedAtOnce = plan.atOnce ? records : [];
  const deletion: MemberDeletion = {
    id: randomUUID(),
    enablerId,
    memberId,
    createdBy: deletedBy.email,
    state: plan.atOnce ? 'DONE' : 'QUEUED',
    step: 0,
    total: records.length,
    deleted: removedAtOnce.length,
    createdAt: at,
    updatedAt: at,
  };
  // The job's first step, in the removal's own transaction: a removal never stands without it.
  const queued = plan.atOnce
    ? undefined
    : outboxMessage('memberDeletion', { jobId: deletion.id, step: 0 }, new Date(at));
  const [numberClaim, nameClaim] = memberClaimItems(member, memberId);
  const claims = [numberClaim, nameClaim].flatMap((claim) => (claim ? [claimDelete(claim, memberId)] : []));
  await transact(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: { pk: memberPartition(memberId), sk: MEMBER_PROFILE },
          ConditionExpression: `attribute_exists(pk) AND enablerId = :enablerId AND updatedAt = :updatedAt AND ${seen.join(' AND ')}`,
          ExpressionAttributeValues: {
            ':enablerId': enablerId,
            ':updatedAt': profile.updatedAt,
            ...seenValues,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      ...removedAtOnce.map((item): TransactItem => ({
        Delete: { TableName: tableName(), Key: { pk: item.pk, sk: item.sk } },
      })),
      ...claims,
      { Put: { TableName: tableName(), Item: memberTombstoneItem(enablerId, memberId, at) } },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: enablerPartition(enablerId), sk: ENABLER_PROFILE },
          UpdateExpression: 'ADD memberCount :minusOne',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
      auditItem({
        enablerId,
        action: 'DELETE',
        recordType: 'MEMBER',
        recordId: memberId,
        memberId,
        label: member.name,
        before: {
          name: member.name,
          village: member.village,
          number: member.number,
          plots: counts('PLOT'),
          contributions: counts('CONTRIBUTION'),
          payouts: counts('PAYOUT'),
          cashouts: counts('CASHOUT'),
          contributionTotalCents: member.contributionTotalCents,
          payoutTotalCents: member.payoutTotalCents,
          cashoutTotalCents: member.cashoutTotalCents,
          cashoutBalanceCents: member.cashoutBalanceCents,
        },
        after: null,
        by: deletedBy,
        at,
      }),
      {
        Put: {
          TableName: tableName(),
          Item: memberDeletionItem(deletion, at),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...(queued ? [outboxPut(queued)] : []),
    ],
    [
      missingOrOther(enablerId, (item) =>
        numberOf(item, 'cashoutBalanceCents') > 0 ? 'ERR_MEMBER_HAS_PENDING_BENEFIT' : 'ERR_CONFLICT',
      ),
      ...removedAtOnce.map(() => undefined),
      ...claims.map((): FailureCode => 'ERR_CONFLICT'),
      undefined,
      'ERR_NOT_FOUND',
      'ERR_CONFLICT',
      'ERR_CONFLICT',
      ...(queued ? ['ERR_CONFLICT' as const] : []),
    ],
  );
  return { removedAt: at, deletion, ...(queued && { queued }) };
};
