import { addMonths, coverageDates, isoDateOf } from '@cpbo/functions/domain/coverage-dates.ts';
import {
  addConfig,
  createEnabler,
  recordCampaign,
  type EnablerConfig,
} from '@cpbo/functions/data/enablers.ts';
import {
  createMember,
  createPlot,
  recordCashout,
  recordContribution,
  recordPayout,
} from '@cpbo/functions/data/members.ts';
import { createUser } from '@cpbo/functions/data/users.ts';
import { hashPassword } from '@cpbo/functions/platform/password-hashing.ts';
import type { SeedDemoDataOptions } from './index.ts';

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

const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const logoOf = (initials: string, colour: string) =>
  svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="16" fill="${colour}"/>` +
      `<text x="48" y="60" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text></svg>`,
  );

const bannerOf = (name: string, colour: string) =>
  svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="160"><rect width="960" height="160" fill="${colour}"/>` +
      `<text x="32" y="96" font-family="sans-serif" font-size="48" fill="#fff">${name}</text></svg>`,
  );

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
      maxCompensationFactor: 10,
      lengthOfSeasonInMonth: 4,
      lengthOfCoverageInMonth: 6,
      damageThreshold: 0.3,
      benefitFactorsByMonth: [0.2, 0.4, 0.6, 0.8, 1, 1],
    },
    villages: ['Ndiaganiao', 'Fissel', 'Sandiara', 'Thiadiaye', 'Nguéniène', 'Diourbel'],
    federations: ['Kaolack', 'Thiès', 'Fatick', null],
    firstNames: [
      'Awa',
      'Moussa',
      'Fatou',
      'Ibrahima',
      'Aïssatou',
      'Mamadou',
      'Khady',
      'Ousmane',
      'Ndèye',
      'Cheikh',
    ],
    lastNames: ['Diop', 'Ndiaye', 'Sarr', 'Fall', 'Ba', 'Sène', 'Faye', 'Gueye', 'Diouf', 'Cissé'],
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
      maxCompensationFactor: 8,
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

/** Runs tasks a few at a time: DynamoDB Local is quicker with some concurrency, and the seed stays short. */
const inBatches = async <T>(items: T[], size: number, task: (item: T) => Promise<void>) => {
  for (let index = 0; index < items.length; index += size)
    await Promise.all(items.slice(index, index + size).map(task));
};

const seedMembers = async (
  demo: DemoEnabler,
  enablerId: string,
  config: EnablerConfig,
  seed: number,
  today: string,
  count: number,
) => {
  const random = generator(seed);
  const campaigns = [addMonths(today, -13), addMonths(today, -7), addMonths(today, -1)].map(
    (date, index) => ({
      id: `${demo.initials}-${date.slice(0, 7)}`,
      name: `${demo.initials} campaign ${index + 1}`,
      reportingDate: date,
    }),
  );
  for (const campaign of campaigns) await recordCampaign(enablerId, campaign);

  const people = Array.from({ length: count }, (_, index) => index);
  await inBatches(people, 16, async (index) => {
    const onboardingDate = addMonths(today, -random.int(0, 18));
    const member = await createMember({
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
    });
    const plotCount = random.pick([0, 1, 1, 1, 2, 3]);
    const plots = [];
    for (let p = 0; p < plotCount; p += 1) {
      const monthly = random.int(demo.contribution[0], demo.contribution[1]);
      plots.push(
        await createPlot({
          memberId: member.id,
          enablerId,
          name: `Plot ${p + 1}`,
          latitude: Number((demo.centre[0] + (random.next() - 0.5)).toFixed(5)),
          longitude: Number((demo.centre[1] + (random.next() - 0.5)).toFixed(5)),
          cropDescription: random.pick(['Millet', 'Groundnut', 'Sorghum', 'Maize', null]),
          isIrrigated: random.pick([true, false, null]),
          droughtMonthlyContribCents: monthly * 100,
          excessRainMonthlyContribCents: 0,
          ...coverageDates(onboardingDate, config),
          enablerConfig: { version: config.version, _id: config._id },
        }),
      );
    }
    const firstPlot = plots[0];
    if (!firstPlot) return;
    const months = random.int(1, 8);
    for (let m = 0; m < months; m += 1) {
      const day = addMonths(onboardingDate, m);
      if (day > today) break;
      await recordContribution(
        member,
        firstPlot,
        {
          amountCents: firstPlot.droughtMonthlyContribCents,
          protectionType: 'DROUGHT',
          contributionDate: `${day}T10:00:00.000Z`,
        },
        'seed',
      );
    }
    let pending = 0;
    for (const campaign of campaigns) {
      if (campaign.reportingDate < onboardingDate || random.next() < 0.6) continue;
      const amountCents = firstPlot.droughtMonthlyContribCents * random.int(2, 6);
      await recordPayout(
        member,
        firstPlot,
        {
          amountCents,
          assessmentId: campaign.id,
          assessmentDate: campaign.reportingDate,
          payoutDate: campaign.reportingDate,
        },
        'seed',
      );
      pending += amountCents;
    }
    if (pending > 0 && random.next() < 0.5) {
      await recordCashout(member, Math.floor(pending / 2), `${today}T09:00:00.000Z`, 'seed');
    }
  });
};

/** The demo: an administrator, an agent, two enablers with configs, and their members with plots and money. */
export const seedDemoData = async ({ log, logins, scale = 1 }: SeedDemoDataOptions): Promise<void> => {
  const today = isoDateOf(new Date());
  let firstEnablerId = '';
  for (const [position, demo] of enablers.entries()) {
    const enabler = await createEnabler(
      { name: demo.name, logo: logoOf(demo.initials, demo.colour), banner: bannerOf(demo.name, demo.colour) },
      logins.adminEmail,
    );
    const config = await addConfig(enabler.id, demo.config, logins.adminEmail);
    const count = Math.max(5, Math.round(demo.members * scale));
    await seedMembers(demo, enabler.id, config, position + 1, today, count);
    log(`[seed] ${demo.name}: ${count} members`);
    firstEnablerId ||= enabler.id;
  }
  await createUser({
    email: logins.adminEmail,
    username: 'Demo administrator',
    role: 'ADMIN',
    enablerId: firstEnablerId,
    defaultFederation: null,
    passwordHash: await hashPassword(logins.adminPassword),
  });
  await createUser({
    email: logins.userEmail,
    username: 'Demo agent',
    role: 'USER',
    enablerId: firstEnablerId,
    defaultFederation: 'Kaolack',
    passwordHash: await hashPassword(logins.userPassword),
  });
};
