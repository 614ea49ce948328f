import { countsForSeason, type BenefitTerms } from '@cpbo/schemas/benefit-rule.ts';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import {
  bankDetailsDiffer,
  type BenefitRow,
  type PreviewMember,
  type PreviewPlot,
} from '#domain/benefit-preview.ts';
import { claimsOfAssessment } from '../money/benefit-claims.ts';
import { configTermsOf, listConfigs } from '../enablers/enablers.ts';
import type { PlotOwner } from '#domain/assessment-file.ts';
import {
  MEMBER_PROFILE,
  memberPartition,
  membersOfEnabler,
  plotSortKey,
  recordsOfEnabler,
} from '../members/member-keys.ts';
import { recordIdHolders } from '../money/record-id-claims.ts';
import { readItem } from '../table/item-values.ts';
import { getAll, LONG_QUERY_PAGE_ITEMS, queryAll, tableName } from '../table/table.ts';

/*
 * What a benefit run's preview reads of its enabler, each in one paged Query of an index (no read per
 * plot or member): its plots with the terms of their config version, its members, its plots' season
 * contributions, the plots already paid for the assessment, and which of the file's unknown plots are
 * another enabler's.
 */

const byEnablerIndex = (partition: string) => ({
  TableName: tableName(),
  IndexName: 'gsi1',
  KeyConditionExpression: 'gsi1pk = :partition',
  ExpressionAttributeValues: { ':partition': partition },
  Limit: LONG_QUERY_PAGE_ITEMS,
});

/** The terms of each config version of the enabler, by version. */
const termsByVersion = async (enablerId: string): Promise<Map<number, BenefitTerms>> =>
  new Map((await listConfigs(enablerId)).map((config) => [config.version, configTermsOf(config)]));

/** Every plot of the enabler, with the terms of its attached config version (found by its version). */
export const enablerPlots = async (enablerId: string): Promise<Map<string, PreviewPlot>> => {
  const [terms, items] = await Promise.all([
    termsByVersion(enablerId),
    queryAll({
      ...byEnablerIndex(recordsOfEnabler(enablerId, 'PLOT')),
      // The plots' timeline also holds the tombstones of plots deleted lately (data/lists/record-timeline.ts).
      FilterExpression: 'entityType = :plot',
      ProjectionExpression:
        'id, #name, memberId, startCoverageDate, endCoverageDate, droughtMonthlyContribCents, enablerConfig, cropDescription',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':partition': recordsOfEnabler(enablerId, 'PLOT'), ':plot': 'PLOT' },
    }),
  ]);
  return new Map(
    items.map((item) => {
      const config = item.enablerConfig as { version: number } | null | undefined;
      const plot: PreviewPlot = {
        ...readItem(item, {
          text: ['id', 'name', 'memberId', 'startCoverageDate', 'endCoverageDate'],
          optional: ['cropDescription'],
          count: ['droughtMonthlyContribCents'],
        }),
        terms: (config && terms.get(config.version)) ?? null,
      };
      return [plot.id, plot];
    }),
  );
};

const toBeneficiary = (item: Record<string, unknown>): PreviewMember =>
  readItem(item, {
    text: ['id', 'name', 'number', 'village'],
    blankable: ['federation', 'phone', 'bankAccount', 'bankName', 'bankBranchName', 'bankIFSC'],
  });

const memberFields =
  'id, #name, #number, village, federation, phone, bankAccount, bankName, bankBranchName, bankIFSC';

/** Every member of the enabler, by id. */
export const enablerMembers = async (enablerId: string): Promise<Map<string, PreviewMember>> => {
  const items = await queryAll({
    ...byEnablerIndex(membersOfEnabler(enablerId)),
    FilterExpression: 'entityType = :member',
    ProjectionExpression: memberFields,
    ExpressionAttributeNames: { '#name': 'name', '#number': 'number' },
    ExpressionAttributeValues: { ':partition': membersOfEnabler(enablerId), ':member': 'MEMBER' },
  });
  return new Map(items.map((item) => [item.id as string, toBeneficiary(item)]));
};

/** These members as they are now (whose bank details changed since a preview), by id. */
export const beneficiaries = async (memberIds: string[]): Promise<Map<string, PreviewMember>> => {
  const items = await getAll(
    memberIds.map((id) => ({ pk: memberPartition(id), sk: MEMBER_PROFILE })),
    {
      ProjectionExpression: memberFields,
      ExpressionAttributeNames: { '#name': 'name', '#number': 'number' },
    },
    8,
  );
  return new Map(items.map((item) => [item.id as string, toBeneficiary(item)]));
};

/**
 * The members of these rows whose bank details now differ from those the rows read (a member gone
 * counts as changed: the payment would not reach it as approved), by id.
 */
export const changedPayees = async (rows: readonly BenefitRow[]): Promise<Set<string>> => {
  const named = new Map(rows.flatMap((row) => (row.memberId === null ? [] : [[row.memberId, row] as const])));
  const now = await beneficiaries([...named.keys()]);
  return new Set(
    [...named].flatMap(([memberId, row]) => {
      const current = now.get(memberId);
      return !current || bankDetailsDiffer(current, row) ? [memberId] : [];
    }),
  );
};

/** These members' pending benefits now (a member gone: absent), by id. */
export const pendingBenefits = async (memberIds: string[]): Promise<Map<string, Cents>> => {
  const items = await getAll(
    memberIds.map((id) => ({ pk: memberPartition(id), sk: MEMBER_PROFILE })),
    { ProjectionExpression: 'id, cashoutBalanceCents' },
    8,
  );
  return new Map(
    items.map((item) => [item.id as string, (item.cashoutBalanceCents as number | undefined) ?? 0]),
  );
};

/**
 * Each plot's drought contributions in its season (the rule's countsForSeason) for an assessment on `day`:
 * one Query of the enabler's contributions, those dated from the earliest coverage start to that day
 * kept by its filter. The index orders them by their last change (the admin tables' timeline,
 * data/lists/record-timeline.ts), not by their date: every one is read.
 */
export const seasonContributions = async (
  enablerId: string,
  plots: ReadonlyMap<string, PreviewPlot>,
  day: IsoDate,
): Promise<Map<string, Cents>> => {
  const sums = new Map<string, Cents>();
  const starts = [...plots.values()].map((plot) => plot.startCoverageDate).filter((start) => start <= day);
  if (starts.length === 0) return sums;
  const from = starts.reduce((earliest, start) => (start < earliest ? start : earliest));
  const items = await queryAll({
    ...byEnablerIndex(recordsOfEnabler(enablerId, 'CONTRIBUTION')),
    // Tombstones of deleted contributions have neither field.
    FilterExpression: 'protectionType = :drought AND contributionDate BETWEEN :from AND :to',
    ProjectionExpression: 'plotId, amountCents, contributionDate',
    ExpressionAttributeValues: {
      ':partition': recordsOfEnabler(enablerId, 'CONTRIBUTION'),
      ':from': from,
      // Every instant of the day.
      ':to': `${day}~`,
      ':drought': 'DROUGHT',
    },
  });
  for (const item of items) {
    const plot = plots.get(item.plotId as string);
    const contribution = { protectionType: 'DROUGHT', date: item.contributionDate as string };
    if (!plot || !countsForSeason(plot, contribution, day)) continue;
    sums.set(plot.id, (sums.get(plot.id) ?? 0) + (item.amountCents as number));
  }
  return sums;
};

/** Plots already paid for the assessment: claimed by a run, or with a payout recorded under its id. */
export const paidPlots = async (enablerId: string, assessmentId: string): Promise<Set<string>> => {
  const [claims, payouts] = await Promise.all([
    claimsOfAssessment(enablerId, assessmentId),
    queryAll({
      ...byEnablerIndex(recordsOfEnabler(enablerId, 'PAYOUT')),
      FilterExpression: 'assessmentId = :assessment',
      ProjectionExpression: 'plotId',
      ExpressionAttributeValues: {
        ':partition': recordsOfEnabler(enablerId, 'PAYOUT'),
        ':assessment': assessmentId,
      },
    }),
  ]);
  return new Set([
    ...claims.map((claim) => claim.plotId),
    ...payouts.map((payout) => payout.plotId as string),
  ]);
};

/** Of these ids (not the enabler's plots), those held by another enabler's member. */
export const otherEnablersRecords = async (enablerId: string, ids: string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const holders = await recordIdHolders(ids);
  const members = await getAll(
    [...new Set(holders.values())].map((memberId) => ({ pk: memberPartition(memberId), sk: MEMBER_PROFILE })),
    { ProjectionExpression: 'id, enablerId' },
    8,
  );
  const elsewhere = new Set(members.filter((item) => item.enablerId !== enablerId).map((item) => item.id));
  return new Set(ids.filter((id) => elsewhere.has(holders.get(id))));
};

/**
 * Where each plot id of an uploaded assessment leads: the enabler's plot, another enabler's, or none
 * (never claimed, not a plot's, or deleted). Two rounds of BatchGetItem, 8 at once: the ids' claims
 * (record-id-claims.ts) name their members, whose plot items say whether the plot is there, and whose.
 */
export const plotOwners = async (enablerId: string, ids: string[]): Promise<Map<string, PlotOwner>> => {
  const holders = await recordIdHolders(ids);
  const plots = await getAll(
    [...holders].map(([id, memberId]) => ({ pk: memberPartition(memberId), sk: plotSortKey(id) })),
    { ProjectionExpression: 'id, enablerId' },
    8,
  );
  const found = new Map(plots.map((plot) => [plot.id as string, plot.enablerId as string]));
  return new Map(
    ids.map((id) => {
      const owner = found.get(id);
      return [id, owner === undefined ? 'NONE' : owner === enablerId ? 'ENABLER' : 'OTHER_ENABLER'];
    }),
  );
};
