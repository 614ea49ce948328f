import { auditPartition } from '@cpbo/functions/data/logs/audit.ts';
import { benefitClaimKey, claimsOfAssessment } from '@cpbo/functions/data/money/benefit-claims.ts';
import type { BenefitRun } from '@cpbo/functions/data/benefit-runs/benefit-runs.ts';
import {
  MEMBER_PROFILE,
  memberPartition,
  plotSortKey,
  recordsOfEnabler,
  recordIdClaimKey,
} from '@cpbo/functions/data/members/member-keys.ts';
import { getAll, LONG_QUERY_PAGE_ITEMS, queryAll, tableName } from '@cpbo/functions/data/table/table.ts';

type Item = Record<string, unknown>;

const keyOf = (item: { pk: unknown; sk: unknown }) => `${String(item.pk)}|${String(item.sk)}`;

/**
 * The items a paid run's payment wrote, read back as they are, six for each payout as its transaction
 * wrote them: the payout, its id claim, its plot's claim for the assessment, its audit entry, its plot
 * and its member (a member paid for two plots is written twice, as its two transactions did).
 */
export const paymentItems = async (run: BenefitRun): Promise<Item[]> => {
  const claims = (await claimsOfAssessment(run.enablerId, run.assessmentId)).filter(
    (claim) => claim.runId === run.id,
  );
  const payoutIds = new Set(claims.map((claim) => claim.payoutId));
  const read = async (keys: { pk: unknown; sk: unknown }[]) =>
    new Map((await getAll(keys, {}, 8)).map((item) => [keyOf(item as { pk: unknown; sk: unknown }), item]));
  const [payouts, idClaims, plots, members, benefitClaims] = await Promise.all([
    queryAll({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :payouts',
      ExpressionAttributeValues: { ':payouts': recordsOfEnabler(run.enablerId, 'PAYOUT') },
      Limit: LONG_QUERY_PAGE_ITEMS,
    }),
    read(claims.map((claim) => recordIdClaimKey(claim.payoutId))),
    read(claims.map((claim) => ({ pk: memberPartition(claim.memberId), sk: plotSortKey(claim.plotId) }))),
    read(claims.map((claim) => ({ pk: memberPartition(claim.memberId), sk: MEMBER_PROFILE }))),
    read(claims.map((claim) => benefitClaimKey(run.enablerId, run.assessmentId, claim.plotId))),
  ]);
  const payoutItems = new Map(
    payouts.filter((item) => payoutIds.has(item.id as string)).map((item) => [item.id as string, item]),
  );
  const audits = new Map<string, Item>();
  const month = (run.payment?.paidAt ?? new Date().toISOString()).slice(0, 7);
  for (const item of await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': auditPartition(run.enablerId, `${month}-01`) },
    Limit: LONG_QUERY_PAGE_ITEMS,
  }))
    if (payoutIds.has(item.recordId as string)) audits.set(item.recordId as string, item);
  return claims.flatMap((claim) =>
    [
      payoutItems.get(claim.payoutId),
      idClaims.get(keyOf(recordIdClaimKey(claim.payoutId))),
      benefitClaims.get(keyOf(benefitClaimKey(run.enablerId, run.assessmentId, claim.plotId))),
      audits.get(claim.payoutId),
      plots.get(keyOf({ pk: memberPartition(claim.memberId), sk: plotSortKey(claim.plotId) })),
      members.get(keyOf({ pk: memberPartition(claim.memberId), sk: MEMBER_PROFILE })),
    ].map((item) => {
      if (!item) throw new Error(`An item of the payout ${claim.payoutId} is missing`);
      return item;
    }),
  );
};
