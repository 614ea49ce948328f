import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Cents } from '@cpbo/schemas/money.ts';
import { dynamo } from '#platform/aws-clients.ts';
import type { Payout } from './money-items.ts';
import { LONG_QUERY_PAGE_ITEMS, queryAll, tableName } from './table.ts';
import type { ExclusiveClaim } from './transaction-items.ts';

/*
 * One payout per assessment and plot, ever: BENEFITCLAIM#<enablerId>#<assessmentId> / PLOT#<plotId>,
 * put where absent in the transaction of the payout it names (createMoneyRecord's claim), so a payout
 * and its claim exist together or not at all, and of two runs paying a plot at once one writes both,
 * the other nothing. Never deleted. One Query of the assessment's partition lists what was paid.
 */

export const benefitClaimKey = (enablerId: string, assessmentId: string, plotId: string) => ({
  pk: `BENEFITCLAIM#${enablerId}#${assessmentId}`,
  sk: `PLOT#${plotId}`,
});

/** A plot's claim: the run and payout that paid it. */
export interface BenefitClaim {
  plotId: string;
  runId: string;
  payoutId: string;
  memberId: string;
  amountCents: Cents;
}

/** The claim that a run's payout of a plot writes in its transaction (ERR_BENEFIT_ALREADY_PAID when taken). */
export const benefitClaim = (run: {
  id: string;
  enablerId: string;
  assessmentId: string;
}): ExclusiveClaim<Payout> => ({
  put: (payout) => ({
    Put: {
      TableName: tableName(),
      Item: {
        ...benefitClaimKey(run.enablerId, run.assessmentId, payout.plotId),
        entityType: 'BENEFIT_CLAIM',
        plotId: payout.plotId,
        runId: run.id,
        payoutId: payout.id,
        memberId: payout.memberId,
        amountCents: payout.amountCents,
        at: payout.createdAt,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }),
  taken: 'ERR_BENEFIT_ALREADY_PAID',
});

const toClaim = (item: Record<string, unknown>): BenefitClaim => ({
  plotId: item.plotId as string,
  runId: item.runId as string,
  payoutId: item.payoutId as string,
  memberId: item.memberId as string,
  amountCents: item.amountCents as number,
});

/** Every plot paid for the assessment by a run, with its run. */
export const claimsOfAssessment = async (
  enablerId: string,
  assessmentId: string,
): Promise<BenefitClaim[]> => {
  const { pk } = benefitClaimKey(enablerId, assessmentId, '');
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ConsistentRead: true,
    Limit: LONG_QUERY_PAGE_ITEMS,
  });
  return items.map(toClaim);
};

/** A plot's claim for the assessment, read as written. */
export const claimOf = async (
  enablerId: string,
  assessmentId: string,
  plotId: string,
): Promise<BenefitClaim | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: benefitClaimKey(enablerId, assessmentId, plotId),
      ConsistentRead: true,
    }),
  );
  return Item && toClaim(Item);
};
