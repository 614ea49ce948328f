import { memberClaims, type DuplicateMatch, type MemberClaim } from '@cpbo/schemas/members.ts';
import { AppError, isAppError } from '#platform/app-error.ts';
import type { NewMember } from './member-items.ts';
import { memberNameClaim, memberNumberClaim } from './member-keys.ts';
import { cancellationReasons, tableName } from '../table/table.ts';
import type { TransactItem } from '../table/transaction-items.ts';

/*
 * A member's claims of its number and of its name+village in its enabler (the duplicate-member rule),
 * taken by the transaction that creates the member, moved by an edit, freed by a removal.
 */

/**
 * The items that claim a member's number and name+village in its enabler (the duplicate rule), in the
 * order of `memberClaims`.
 */
export const memberClaimItems = (
  fields: Pick<NewMember, 'enablerId' | 'number' | 'name' | 'village'>,
  id: string,
) =>
  memberClaims
    .map((claim) =>
      claim === 'number'
        ? memberNumberClaim(fields.enablerId, fields.number)
        : memberNameClaim(fields.enablerId, fields.name, fields.village),
    )
    .map((key) => ({ ...key, entityType: 'MEMBER_CLAIM', memberId: id }));

/** Takes a claim; it fails when another member holds it, and then says which one (duplicateMemberError). */
export const claimPut = (claimItem: Record<string, unknown>): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: claimItem,
    ConditionExpression: 'attribute_not_exists(pk)',
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  },
});

/**
 * A transaction's ERR_DUPLICATE_MEMBER with details that name each claim another member holds and that
 * member (issue 38: the form marks the field and links to the member already registered). `claimAt`
 * gives the rule of each claim put by its position in the transaction. Any other error is given back as
 * it is. The member named is of the caller's enabler: the claims are the enabler's.
 */
export const duplicateMemberError = (error: unknown, claimAt: ReadonlyMap<number, MemberClaim>): unknown => {
  if (!isAppError(error) || error.code !== 'ERR_DUPLICATE_MEMBER') return error;
  const reasons = cancellationReasons(error.cause) ?? [];
  const matches: DuplicateMatch[] = [];
  for (const [position, claim] of claimAt) {
    const reason = reasons[position];
    const memberId = reason?.Item?.memberId?.S;
    if (reason?.Code === 'ConditionalCheckFailed' && memberId) matches.push({ claim, memberId });
  }
  return new AppError('ERR_DUPLICATE_MEMBER', { details: { matches }, cause: error.cause });
};

/** Frees a claim of the member; a claim already gone is no obstacle, another member's is (a conflict). */
export const claimDelete = (key: { pk: string; sk: string }, memberId: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: { pk: key.pk, sk: key.sk },
    ConditionExpression: 'attribute_not_exists(pk) OR memberId = :memberId',
    ExpressionAttributeValues: { ':memberId': memberId },
  },
});
