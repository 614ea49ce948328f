import type { ExportedConfig, ExportedEnabler, ExportedMember } from '@cpbo/schemas/data-files.ts';
import { configFileFields } from '@cpbo/schemas/enabler-config-rules.ts';
import { fromCents, toCents } from '@cpbo/schemas/money.ts';
import {
  configItem,
  configSummaryOf,
  enablerProfileItem,
  type Enabler,
  type EnablerConfig,
} from '../enablers/enablers.ts';
import { toMember } from '../members/member-items.ts';
import { MEMBER_PROFILE } from '../members/member-keys.ts';
import { moneyItem, toCashout, toContribution, toPayout } from '../money/money-items.ts';
import { plotItem, plotTermsOf, toPlot } from '../members/plot-items.ts';
import { wholeMemberItems } from '../members/whole-member-items.ts';

/*
 * The export file's shape (schemas/data-files.ts) from the table's items, and back: exporting,
 * importing the file into an empty table and exporting again gives the same file. What the file does
 * not carry (creation times and authors of records, names copied onto records) is rebuilt on import.
 */

type Item = Record<string, unknown>;

export const exportedConfigOf = (config: EnablerConfig): ExportedConfig => ({
  _id: config._id,
  version: config.version,
  ...configFileFields(config),
  creationDate: config.creationDate,
});

/** An enabler's head in a file: spec section 3's fields, its images and its configs (members apart). */
export const exportedEnablerOf = (
  enabler: Enabler,
  configs: EnablerConfig[],
): Omit<ExportedEnabler, 'members'> => ({
  _id: enabler.id,
  name: enabler.name,
  ...(enabler.logo === null ? {} : { logo: enabler.logo }),
  ...(enabler.banner === null ? {} : { banner: enabler.banner }),
  creationDate: enabler.creationDate,
  createdBy: enabler.createdBy,
  ...(enabler.modificationDate === null ? {} : { modificationDate: enabler.modificationDate }),
  ...(enabler.modifiedBy === null ? {} : { modifiedBy: enabler.modifiedBy }),
  configs: [...configs].sort((a, b) => a.version - b.version).map(exportedConfigOf),
});

/** A member as a file carries it, from the items of its partition (in key order). */
export const exportedMemberOf = (items: Item[]): ExportedMember | undefined => {
  const profile = items.find((item) => item.sk === MEMBER_PROFILE && item.entityType === 'MEMBER');
  if (!profile) return undefined;
  const member = toMember(profile);
  const ofType = (type: string) => items.filter((item) => item.entityType === type);
  return {
    id: member.id,
    name: member.name,
    village: member.village,
    number: member.number,
    federation: member.federation,
    gender: member.gender,
    phone: member.phone,
    bankName: member.bankName,
    bankBranchName: member.bankBranchName,
    bankIFSC: member.bankIFSC,
    bankAccount: member.bankAccount,
    onboardingDate: member.onboardingDate,
    plots: ofType('PLOT')
      .map(toPlot)
      .map((plot) => ({
        id: plot.id,
        name: plot.name,
        ...plotTermsOf(plot),
      })),
    contributions: ofType('CONTRIBUTION')
      .map(toContribution)
      .map((record) => ({
        id: record.id,
        plotId: record.plotId,
        amount: fromCents(record.amountCents),
        protectionType: record.protectionType,
        contributionDate: record.contributionDate,
      })),
    payouts: ofType('PAYOUT')
      .map(toPayout)
      .map((record) => ({
        id: record.id,
        plotId: record.plotId,
        amount: fromCents(record.amountCents),
        assessmentId: record.assessmentId,
        assessmentDate: record.assessmentDate,
        payoutDate: record.payoutDate,
      })),
    cashouts: ofType('CASHOUT')
      .map(toCashout)
      .map((record) => ({
        id: record.id,
        amount: fromCents(record.amountCents),
        cashoutDate: record.cashoutDate,
      })),
  };
};

/** The enabler's profile and configs items of an imported enabler (its latest config as the current one). */
export const importedEnablerItems = (enabler: Omit<ExportedEnabler, 'members'>, importedBy: string) => {
  const configs = enabler.configs.map((config) =>
    configItem(
      enabler._id,
      { ...config, _id: config._id, version: config.version, creationDate: config.creationDate },
      importedBy,
    ),
  );
  const latest = [...enabler.configs].sort((a, b) => b.version - a.version)[0];
  const profile = {
    ...enablerProfileItem(enabler._id, {
      name: enabler.name,
      logo: enabler.logo ?? null,
      banner: enabler.banner ?? null,
      creationDate: enabler.creationDate,
      createdBy: enabler.createdBy,
    }),
    ...(enabler.modificationDate === undefined ? {} : { modificationDate: enabler.modificationDate }),
    ...(enabler.modifiedBy === undefined ? {} : { modifiedBy: enabler.modifiedBy }),
    ...(latest && {
      latestConfigVersion: latest.version,
      latestConfigDate: latest.creationDate,
      latestConfig: configSummaryOf({ ...latest }),
    }),
  };
  return { profile, configs };
};

/** Why a member of a file cannot be imported as it is (a path within the member), or undefined. */
export const memberRecordProblem = (member: ExportedMember): string | undefined => {
  const plots = new Set(member.plots.map((plot) => plot.id));
  const amounts: [string, number][] = [
    ...member.plots.flatMap((plot, index): [string, number][] => [
      [`/plots/${index}/droughtMonthlyContrib`, plot.droughtMonthlyContrib],
      [`/plots/${index}/excessRainMonthlyContrib`, plot.excessRainMonthlyContrib ?? 0],
    ]),
    ...member.contributions.map((record, index): [string, number] => [
      `/contributions/${index}/amount`,
      record.amount,
    ]),
    ...member.payouts.map((record, index): [string, number] => [`/payouts/${index}/amount`, record.amount]),
    ...member.cashouts.map((record, index): [string, number] => [`/cashouts/${index}/amount`, record.amount]),
  ];
  const badAmount = amounts.find(([, amount]) => toCents(amount) === undefined);
  if (badAmount) return badAmount[0];
  const orphan = [
    ...member.contributions.map((record, index) => ({ record, where: `/contributions/${index}/plotId` })),
    ...member.payouts.map((record, index) => ({ record, where: `/payouts/${index}/plotId` })),
  ].find(({ record }) => !plots.has(record.plotId));
  if (orphan) return orphan.where;
  const ids = new Set<string>();
  const records = [member.plots, member.contributions, member.payouts, member.cashouts].flat();
  const repeated = records.findIndex((record) => ids.size === ids.add(record.id).size);
  return repeated >= 0 ? '/id' : undefined;
};

const cents = (amount: number): number => toCents(amount) as number;

/**
 * The items of an imported member (memberRecordProblem first): claims, plots and money records with
 * the claims of their ids, and its profile, the totals summed from its records (wholeMemberItems).
 */
export const importedMemberItems = (
  member: ExportedMember,
  enablerId: string,
  importedBy: string,
  at: string,
): { claims: Item[]; benefitClaims: Item[]; records: Item[]; recordIdClaims: Item[]; profile: Item } => {
  const fields = {
    enablerId,
    name: member.name,
    village: member.village,
    number: member.number,
    federation: member.federation ?? null,
    gender: member.gender ?? null,
    phone: member.phone ?? null,
    bankName: member.bankName ?? null,
    bankBranchName: member.bankBranchName ?? null,
    bankIFSC: member.bankIFSC ?? null,
    bankAccount: member.bankAccount ?? null,
    onboardingDate: member.onboardingDate,
  };
  const owner = { id: member.id, enablerId, federation: fields.federation };
  const plotNames = new Map(member.plots.map((plot) => [plot.id, plot.name]));
  const money: Item[] = [];
  for (const record of member.contributions) {
    const amountCents = cents(record.amount);
    money.push(
      moneyItem(
        'CONTRIBUTION',
        owner,
        record.contributionDate,
        {
          plotId: record.plotId,
          plotName: plotNames.get(record.plotId),
          amountCents,
          protectionType: record.protectionType,
          contributionDate: record.contributionDate,
        },
        importedBy,
        at,
        record.id,
      ),
    );
  }
  for (const record of member.payouts) {
    const amountCents = cents(record.amount);
    money.push(
      moneyItem(
        'PAYOUT',
        owner,
        record.payoutDate,
        {
          plotId: record.plotId,
          plotName: plotNames.get(record.plotId),
          amountCents,
          assessmentId: record.assessmentId,
          assessmentDate: record.assessmentDate,
          payoutDate: record.payoutDate,
        },
        importedBy,
        at,
        record.id,
      ),
    );
  }
  for (const record of member.cashouts) {
    const amountCents = cents(record.amount);
    money.push(
      moneyItem(
        'CASHOUT',
        owner,
        record.cashoutDate,
        { amountCents, cashoutDate: record.cashoutDate },
        importedBy,
        at,
        record.id,
      ),
    );
  }
  const plots = member.plots.map((plot) =>
    plotItem(
      {
        memberId: member.id,
        enablerId,
        federation: owner.federation ?? null,
        name: plot.name,
        latitude: plot.latitude,
        longitude: plot.longitude,
        cropDescription: plot.cropDescription ?? null,
        isIrrigated: plot.isIrrigated ?? null,
        droughtMonthlyContribCents: cents(plot.droughtMonthlyContrib),
        excessRainMonthlyContribCents: cents(plot.excessRainMonthlyContrib ?? 0),
        startCoverageDate: plot.startCoverageDate,
        endOfSeasonDate: plot.endOfSeasonDate,
        endCoverageDate: plot.endCoverageDate,
        enablerConfig: plot.enablerConfig ?? null,
      },
      plot.id,
      at,
    ),
  );
  const whole = wholeMemberItems(fields, member.id, at, { plots, records: money });
  return {
    claims: whole.claims,
    benefitClaims: whole.benefitClaims,
    records: [...whole.plots, ...whole.records],
    recordIdClaims: whole.recordIdClaims,
    profile: whole.profile,
  };
};
