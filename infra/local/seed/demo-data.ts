import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  aggregateIncrements,
  incrementKey,
  type AggregateIncrement,
} from '@cpbo/functions/domain/aggregates.ts';
import { addMonths, coverageDates, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { aggregateItem } from '@cpbo/functions/data/aggregates/aggregates.ts';
import {
  addConfig,
  addToMemberCount,
  createEnabler,
  type EnablerConfig,
} from '@cpbo/functions/data/enablers/enablers.ts';
import { recordCampaign, recordPayoutCampaigns } from '@cpbo/functions/data/enablers/campaigns.ts';
import { refreshMemberSnapshot } from '@cpbo/functions/data/lists/member-directory.ts';
import { refreshRecordSnapshot } from '@cpbo/functions/data/lists/record-directory.ts';
import { adminLists } from '@cpbo/schemas/admin-list-query.ts';
import { moneyItem, toPayout } from '@cpbo/functions/data/money/money-items.ts';
import { plotItem } from '@cpbo/functions/data/members/plot-items.ts';
import { wholeMemberItems } from '@cpbo/functions/data/members/whole-member-items.ts';
import { nowIso, tableName } from '@cpbo/functions/data/table/table.ts';
import { createUser } from '@cpbo/functions/data/accounts/users.ts';
import { dynamo } from '@cpbo/functions/platform/aws-clients.ts';
import { hashPassword } from '@cpbo/functions/platform/password-hashing.ts';
import type { SeedDemoDataOptions } from './index.ts';
import { bannerPng, logoPng, pngDataUrl } from './png.ts';
import { sahelFirstNames, sahelLastNames } from './sahel-names.ts';

/** A small deterministic generator, so every fresh start shows the same demo. */
const generator = (seed: number) => {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T,
  };
};

// PNG, as the product accepts PNG and JPEG only (the name is on the page beside them).
const logoOf = (colour: string) => pngDataUrl(logoPng(colour));

const bannerOf = (colour: string) => pngDataUrl(bannerPng(colour));

interface DemoEnabler {
  name: string;
  initials: string;
  colour: string;
  members: number;
  config: Omit<EnablerConfig, '_id' | 'version' | 'creationDate'>;
  villages: readonly string[];
  federations: readonly (string | null)[];
  firstNames: readonly string[];
  lastNames: readonly string[];
  centre: [number, number];
  contribution: [number, number];
}

const enablers: DemoEnabler[] = [
  {
    name: 'Sahel Farmers Mutual',
    initials: 'SF',
    colour: '#1b6e3c',
    members: 220,
    config: {
      currency: 'XOF',
      // A plot's Maximum is ten monthly contributions (docs/decisions.md, "The benefit rule").
      maxCompensationFactor: 0.1,
      lengthOfSeasonInMonth: 4,
      lengthOfCoverageInMonth: 6,
      damageThreshold: 0.3,
      benefitFactorsByMonth: [0.2, 0.4, 0.6, 0.8, 1, 1],
    },
    villages: ['Ndiaganiao', 'Fissel', 'Sandiara', 'Thiadiaye', 'Nguéniène', 'Diourbel'],
    federations: ['Kaolack', 'Thiès', 'Fatick', null],
    firstNames: sahelFirstNames,
    lastNames: sahelLastNames,
    centre: [14.3, -16.4],
    contribution: [500, 2500],
  },
  {
    name: 'Deccan Growers Cooperative',
    initials: 'DG',
    colour: '#8a4b08',
    members: 80,
    config: {
      currency: 'INR',
      // Eight monthly contributions.
      maxCompensationFactor: 0.125,
      lengthOfSeasonInMonth: 5,
      lengthOfCoverageInMonth: 7,
      damageThreshold: null,
      benefitFactorsByMonth: [0.25, 0.5, 0.75, 1, 1, 1, 1],
    },
    villages: ['Anantapur', 'Kadiri', 'Dharmavaram', 'Penukonda'],
    federations: ['Anantapur North', 'Anantapur South', null],
    firstNames: ['Lakshmi', 'Ravi', 'Sunita', 'Venkatesh', 'Padma', 'Srinivas', 'Kavitha', 'Ramesh'],
    lastNames: ['Reddy', 'Naidu', 'Rao', 'Kumar', 'Devi', 'Gowda'],
    centre: [14.7, 77.6],
    contribution: [50, 300],
  },
];

type Item = Record<string, unknown>;

/**
 * The members of one demo enabler with their plots, contributions, payouts and cashouts, as items, in
 * one pass: each member's and plot's totals are summed from its own records (wholeMemberItems), so
 * they match them exactly, as if every record had gone through its transaction.
 */
const demoMembers = (
  demo: DemoEnabler,
  enablerId: string,
  config: EnablerConfig,
  seed: number,
  today: string,
  count: number,
  at: string,
  campaigns: { id: string; reportingDate: string }[],
): Item[] => {
  const random = generator(seed);
  const items: Item[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = randomUUID();
    const onboardingDate = addMonths(today, -random.int(0, 18));
    const fields = {
      enablerId,
      name: `${random.pick(demo.firstNames)} ${random.pick(demo.lastNames)} ${index + 1}`,
      village: random.pick(demo.villages),
      number: `${demo.initials}-${String(index + 1).padStart(5, '0')}`,
      federation: random.pick(demo.federations),
      gender: random.pick([true, false, null]),
      phone: `+${random.int(200, 999)} ${random.int(100000, 999999)}`,
      bankName: random.next() < 0.5 ? 'Caisse Rurale' : null,
      bankBranchName: null,
      bankIFSC: null,
      bankAccount: null,
      onboardingDate,
    };
    const member = { id, enablerId, federation: fields.federation };
    const records: Item[] = [];
    const plotCount = random.pick([0, 1, 1, 1, 2, 3]);
    const plots = [];
    for (let p = 0; p < plotCount; p += 1) {
      const monthly = random.int(demo.contribution[0], demo.contribution[1]);
      const plot = plotItem(
        {
          memberId: id,
          enablerId,
          federation: fields.federation,
          name: `Plot ${p + 1}`,
          latitude: Number((demo.centre[0] + (random.next() - 0.5)).toFixed(5)),
          longitude: Number((demo.centre[1] + (random.next() - 0.5)).toFixed(5)),
          cropDescription: random.pick(['Millet', 'Groundnut', 'Sorghum', 'Maize', null]),
          isIrrigated: random.pick([true, false, null]),
          droughtMonthlyContribCents: monthly * 100,
          excessRainMonthlyContribCents: 0,
          ...coverageDates(onboardingDate, config),
          enablerConfig: { version: config.version, _id: config._id },
        },
        randomUUID(),
        at,
      );
      plots.push(plot);
    }
    const firstPlot = plots[0];
    if (firstPlot) {
      const plot = { plotId: firstPlot.id, plotName: firstPlot.name };
      const months = random.int(1, 8);
      for (let m = 0; m < months; m += 1) {
        const day = addMonths(onboardingDate, m);
        if (day > today) break;
        const contribution = {
          ...plot,
          amountCents: firstPlot.droughtMonthlyContribCents,
          protectionType: 'DROUGHT',
          contributionDate: `${day}T10:00:00.000Z`,
        };
        records.push(
          moneyItem('CONTRIBUTION', member, contribution.contributionDate, contribution, 'seed', at),
        );
      }
      let pending = 0;
      for (const campaign of campaigns) {
        if (campaign.reportingDate < onboardingDate || random.next() < 0.6) continue;
        const amountCents = firstPlot.droughtMonthlyContribCents * random.int(2, 6);
        const payout = {
          ...plot,
          amountCents,
          assessmentId: campaign.id,
          assessmentDate: campaign.reportingDate,
          payoutDate: campaign.reportingDate,
        };
        records.push(moneyItem('PAYOUT', member, payout.payoutDate, payout, 'seed', at));
        pending += amountCents;
      }
      if (pending > 0 && random.next() < 0.5) {
        const cashout = { amountCents: Math.floor(pending / 2), cashoutDate: `${today}T09:00:00.000Z` };
        records.push(moneyItem('CASHOUT', member, cashout.cashoutDate, cashout, 'seed', at));
      }
    }
    const whole = wholeMemberItems(fields, id, at, { plots, records });
    items.push(
      whole.profile,
      ...whole.plots,
      ...whole.claims,
      ...whole.records,
      ...whole.recordIdClaims,
      ...whole.benefitClaims,
    );
  }
  return items;
};

/**
 * The dashboard aggregates of the demo records, summed in one pass with the stream worker's own rule
 * (aggregateIncrements): the seed writes before the stream is read, so the worker never adds them.
 */
const aggregatesOf = (records: Item[]): Item[] => {
  const sums = new Map<string, AggregateIncrement>();
  for (const record of records)
    for (const increment of aggregateIncrements(undefined, record)) {
      const key = incrementKey(increment);
      const held = sums.get(key);
      if (held) held.amount += increment.amount;
      else sums.set(key, { ...increment });
    }
  return [...sums.values()].filter((sum) => sum.amount !== 0).map(aggregateItem);
};

/** Items per write: TransactWriteItems takes up to 100. */
const CHUNK = 100;
const PARALLEL_WRITES = 8;

/**
 * Writes new items 100 per TransactWriteItems, a few at a time: on DynamoDB Local with its data on
 * disk, one transaction of 100 items went several times quicker than four BatchWriteItem requests of
 * 25 on this 2-core machine (and a chunk is all or nothing).
 */
const writeAll = async (items: Item[]): Promise<void> => {
  let next = 0;
  const writer = async () => {
    while (next < items.length) {
      const chunk = items.slice(next, next + CHUNK);
      next += CHUNK;
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: chunk.map((Item) => ({ Put: { TableName: tableName(), Item } })),
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_WRITES }, writer));
};

/**
 * The demo: an administrator, an agent, two enablers with configs, and their members with plots and
 * money. Members and records are written in batches (not one transaction per record), with their
 * totals, their enabler's count, the dashboard aggregates and the member directory snapshots.
 */
export const seedDemoData = async ({ log, logins, scale = 1 }: SeedDemoDataOptions): Promise<void> => {
  const today = isoDateOf(new Date());
  const at = nowIso();
  // Hashing the demo passwords takes a while: it runs while the data is written.
  const passwordHashes = Promise.all([hashPassword(logins.adminPassword), hashPassword(logins.userPassword)]);
  const seeded = await Promise.all(
    enablers.map(async (demo, position) => {
      const enabler = await createEnabler(
        {
          name: demo.name,
          logo: logoOf(demo.colour),
          banner: bannerOf(demo.colour),
        },
        logins.adminEmail,
      );
      const config = await addConfig(enabler.id, demo.config, logins.adminEmail);
      const campaigns = [addMonths(today, -13), addMonths(today, -7), addMonths(today, -1)].map(
        (date, index) => ({
          id: `${demo.initials}-${date.slice(0, 7)}`,
          name: `${demo.initials} campaign ${index + 1}`,
          reportingDate: date,
        }),
      );
      await Promise.all(campaigns.map((campaign) => recordCampaign(enabler.id, campaign)));
      const count = Math.max(5, Math.round(demo.members * scale));
      const items = demoMembers(demo, enabler.id, config, position + 1, today, count, at, campaigns);
      return { demo, enablerId: enabler.id, count, items };
    }),
  );
  const items = seeded.flatMap((enabler) => enabler.items);
  await writeAll([...items, ...aggregatesOf(items)]);
  const firstEnablerId = (seeded[0] as (typeof seeded)[number]).enablerId;
  const [adminHash, agentHash] = await passwordHashes;
  await Promise.all([
    ...seeded.map(async ({ demo, enablerId, count, items: itemsOfEnabler }) => {
      // The demo's campaigns, named beforehand, as their payouts leave them.
      await recordPayoutCampaigns(
        enablerId,
        itemsOfEnabler.filter((item) => item.entityType === 'PAYOUT').map(toPayout),
      );
      await addToMemberCount(enablerId, count);
      await refreshMemberSnapshot(enablerId);
      for (const list of adminLists) await refreshRecordSnapshot(list, enablerId);
      log(`[seed] ${demo.name}: ${count} members`);
    }),
    createUser({
      email: logins.adminEmail,
      username: 'Demo administrator',
      role: 'ADMIN',
      enablerId: firstEnablerId,
      defaultFederation: null,
      passwordHash: adminHash,
    }),
    createUser({
      email: logins.userEmail,
      username: 'Demo agent',
      role: 'USER',
      enablerId: firstEnablerId,
      defaultFederation: 'Kaolack',
      passwordHash: agentHash,
    }),
  ]);
};
