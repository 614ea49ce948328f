import { MEMBER_PROFILE, memberPartition } from './member-keys.ts';
import { toMember, type Member } from './member-items.ts';
import {
  toCashout,
  toContribution,
  toPayout,
  type Cashout,
  type Contribution,
  type Payout,
} from '../money/money-items.ts';
import { toPlot, type Plot } from './plot-items.ts';
import { queryAll, tableName } from '../table/table.ts';

/* A member's page: its profile, plots and money records, as one consistent Query of its partition reads them. */

/** Every item of a member's partition, read consistently (its page, a money change, its removal). */
export const readMemberPartition = (memberId: string): Promise<Record<string, unknown>[]> =>
  queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': memberPartition(memberId) },
    ConsistentRead: true,
  });

export interface MemberPage {
  member: Member;
  plots: Plot[];
  contributions: Contribution[];
  payouts: Payout[];
  cashouts: Cashout[];
}

/** A member with plots and money records, in one Query of the member's partition. */
export const getMemberPage = async (memberId: string): Promise<MemberPage | undefined> => {
  const items = await readMemberPartition(memberId);
  const profile = items.find((item) => item.sk === MEMBER_PROFILE);
  if (!profile) return undefined;
  const ofType = (type: string) => items.filter((item) => item.entityType === type);
  return {
    member: toMember(profile),
    plots: ofType('PLOT').map(toPlot),
    contributions: ofType('CONTRIBUTION').map(toContribution),
    payouts: ofType('PAYOUT').map(toPayout),
    cashouts: ofType('CASHOUT').map(toCashout),
  };
};
