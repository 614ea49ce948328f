import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Cents } from '@cpbo/schemas/money.ts';
import { changedAt } from '#domain/money-changes.ts';
import { AppError } from '#platform/app-error.ts';
import { dynamo } from '#platform/aws-clients.ts';
import {
  LONG_QUERY_PAGE_ITEMS,
  queryAll,
  tableName,
  type FailedItem,
  type FailureCode,
} from '../table/table.ts';
import type { TransactItem } from '../table/transaction-items.ts';

/*
 * One payout per assessment and plot, by every path: BENEFITCLAIM#<enablerId>#<assessmentId> /
 * PLOT#<plotId>, naming the payout that holds it (and the run that wrote it, if a run did). Every
 * write of a payout that carries an assessment moves its claim in the payout's own transaction
 * (money-transaction.ts): a new payout puts it where absent, an edit that changes the assessment or
 * the plot moves it, a deletion frees it; the import and the demo data write it with the payout. So a
 * payout and its claim exist together or not at all, and a second payout for the same assessment and
 * plot, by a run, an administrator or an import, is refused with ERR_PLOT_PAID_FOR_ASSESSMENT. One
 * Query of the assessment's partition lists what was paid.
 */

type Item = Record<string, unknown>;

export const benefitClaimKey = (enablerId: string, assessmentId: string, plotId: string) => ({
  pk: `BENEFITCLAIM#${enablerId}#${assessmentId}`,
  sk: `PLOT#${plotId}`,
});

/** A plot's claim: the payout that holds it, and the run that wrote that payout (null: by hand or imported). */
export interface BenefitClaim {
  plotId: string;
  payoutId: string;
  runId: string | null;
  memberId: string;
  amountCents: Cents;
}

/** The claim key of a payout's item; undefined for any other record. */
export const claimKeyOf = (item: Item | null): { pk: string; sk: string } | undefined =>
  item?.entityType === 'PAYOUT' && typeof item.assessmentId === 'string'
    ? benefitClaimKey(item.enablerId as string, item.assessmentId, item.plotId as string)
    : undefined;

/** The claim item a payout's item holds. */
export const claimItemOf = (payout: Item): Item => ({
  ...claimKeyOf(payout),
  entityType: 'BENEFIT_CLAIM',
  plotId: payout.plotId,
  payoutId: payout.id,
  runId: payout.runId ?? null,
  memberId: payout.memberId,
  amountCents: payout.amountCents,
  at: changedAt({
    createdAt: payout.createdAt as string,
    modifiedAt: (payout.modifiedAt as string | null) ?? null,
  }),
});

/** Who holds a claim, from the item a failed condition returned. */
const holderOf = (item: FailedItem) => ({
  payoutId: item?.payoutId?.S ?? null,
  runId: item?.runId?.S ?? null,
});

/** A claim held by another payout: refused, naming that payout (and its run). */
export const claimTaken: FailureCode = (item) =>
  new AppError('ERR_PLOT_PAID_FOR_ASSESSMENT', { details: holderOf(item) });

/**
 * The claim writes of a payout's change (before → after, either null), and each one's failure code:
 * `heldBefore` says whether the payout as it was holds its claim (one recorded before claims were
 * written by every path may hold none; its claim is then taken on its next write, and freeing it
 * leaves another payout's claim alone).
 */
export const claimWrites = (
  before: Item | null,
  after: Item | null,
  heldBefore: boolean,
): [TransactItem, FailureCode][] => {
  const from = claimKeyOf(before);
  const to = claimKeyOf(after);
  const held = (id: unknown) => ({
    ConditionExpression: 'payoutId = :payout',
    ExpressionAttributeValues: { ':payout': id },
  });
  const put = (payout: Item): [TransactItem, FailureCode] => [
    {
      Put: {
        TableName: tableName(),
        Item: claimItemOf(payout),
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    claimTaken,
  ];
  const same = from && to && from.pk === to.pk && from.sk === to.sk;
  if (same && after && before)
    return [
      heldBefore
        ? [{ Put: { TableName: tableName(), Item: claimItemOf(after), ...held(before.id) } }, 'ERR_CONFLICT']
        : put(after),
    ];
  return [
    ...(from && heldBefore && before
      ? [
          [{ Delete: { TableName: tableName(), Key: from, ...held(before.id) } }, 'ERR_CONFLICT'] as [
            TransactItem,
            FailureCode,
          ],
        ]
      : []),
    ...(to && after ? [put(after)] : []),
  ];
};

const toClaim = (item: Item): BenefitClaim => ({
  plotId: item.plotId as string,
  payoutId: item.payoutId as string,
  runId: (item.runId as string | null | undefined) ?? null,
  memberId: item.memberId as string,
  amountCents: item.amountCents as number,
});

/** Every plot paid for the assessment, with the payout and run that paid it. */
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

/** The claim a payout's item names (its assessment and plot), read as written; undefined when free. */
export const claimOfPayout = async (payout: Item): Promise<BenefitClaim | undefined> => {
  const key = claimKeyOf(payout);
  if (!key) return undefined;
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return Item && toClaim(Item);
};
