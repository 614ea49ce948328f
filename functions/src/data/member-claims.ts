import type { NewMember } from './member-items.ts';
import { memberNameClaim, memberNumberClaim } from './member-keys.ts';
import { tableName } from './table.ts';
import type { TransactItem } from './transaction-items.ts';

/*
 * A member's claims of its number and of its name+village in its enabler (the duplicate-member rule),
 * taken by the transaction that creates the member, moved by an edit, freed by a removal.
 */

/** The items that claim a member's number and name+village in its enabler (the duplicate rule). */
export const memberClaimItems = (
  fields: Pick<NewMember, 'enablerId' | 'number' | 'name' | 'village'>,
  id: string,
) =>
  [
    memberNumberClaim(fields.enablerId, fields.number),
    memberNameClaim(fields.enablerId, fields.name, fields.village),
  ].map((key) => ({ ...key, entityType: 'MEMBER_CLAIM', memberId: id }));

/** Takes a claim; it fails when another member holds it. */
export const claimPut = (claimItem: Record<string, unknown>): TransactItem => ({
  Put: { TableName: tableName(), Item: claimItem, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Frees a claim of the member; a claim already gone is no obstacle, another member's is (a conflict). */
export const claimDelete = (key: { pk: string; sk: string }, memberId: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: { pk: key.pk, sk: key.sk },
    ConditionExpression: 'attribute_not_exists(pk) OR memberId = :memberId',
    ExpressionAttributeValues: { ':memberId': memberId },
  },
});
