import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { campaignSortKey, enablerPartition } from './enablers.ts';
import { queryAll, tableName, written } from '../table/table.ts';
import type { TransactItem } from '../table/transaction-items.ts';

/*
 * An enabler's campaigns (ENABLER#<id> / CAMPAIGN#<assessment id>): the assessments its payouts name,
 * created by the first payout of each and reporting on the date of the latest one recorded.
 */

export interface Campaign {
  id: string;
  name: string;
  /** ISO date of the assessment the campaign reports on. */
  reportingDate: string;
}

/**
 * What a payout does to its campaign: creates it or moves its reporting date to the payout's
 * assessment date; a name given elsewhere (the demo's, an administrator's) is kept. Written in the
 * payout's own transaction.
 */
export const payoutCampaign = (
  enablerId: string,
  payout: { assessmentId: string; assessmentDate: IsoDate },
): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: { pk: enablerPartition(enablerId), sk: campaignSortKey(payout.assessmentId) },
    UpdateExpression:
      'SET entityType = :campaign, id = :id, #name = if_not_exists(#name, :id), reportingDate = :date',
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: {
      ':campaign': 'CAMPAIGN',
      ':id': payout.assessmentId,
      ':date': payout.assessmentDate,
    },
  },
});

/**
 * The campaigns of payouts written in bulk (the import, the demo data), as their transactions would
 * leave them recorded in this order: one update per campaign, on the last of its payouts' dates.
 */
export const recordPayoutCampaigns = async (
  enablerId: string,
  payouts: { assessmentId: string; assessmentDate: IsoDate }[],
): Promise<void> => {
  const latest = new Map(payouts.map((payout) => [payout.assessmentId, payout.assessmentDate]));
  for (const [assessmentId, assessmentDate] of latest) {
    const { Update } = payoutCampaign(enablerId, { assessmentId, assessmentDate });
    await dynamo().send(new UpdateCommand(Update as NonNullable<typeof Update>));
  }
};

/** An enabler's campaigns, newest reporting date first. */
export const listCampaigns = async (enablerId: string): Promise<Campaign[]> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :campaigns)',
    ExpressionAttributeValues: { ':pk': enablerPartition(enablerId), ':campaigns': 'CAMPAIGN#' },
  });
  return items
    .map((item) => ({
      id: item.id as string,
      name: item.name as string,
      reportingDate: item.reportingDate as string,
    }))
    .sort((a, b) => b.reportingDate.localeCompare(a.reportingDate) || a.id.localeCompare(b.id));
};

/** Records a named campaign where absent (the demo's campaigns, set up before their payouts). */
export const recordCampaign = async (enablerId: string, campaign: Campaign): Promise<void> => {
  await written(
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: enablerPartition(enablerId),
          sk: campaignSortKey(campaign.id),
          entityType: 'CAMPAIGN',
          ...campaign,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
};
