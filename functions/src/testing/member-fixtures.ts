import { randomUUID } from 'node:crypto';
import { coverageDates, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import type { NewMember } from '#data/members/member-items.ts';
import { createMember } from '#data/members/members.ts';
import type { NewPlot } from '#data/members/plot-items.ts';
import { createPlot } from '#data/members/plots.ts';
import { demoConfig } from './fixtures.ts';

/** A new member of the enabler, as the data layer takes it: unique name and number, plain but for `fields`. */
export const newMemberFields = (enablerId: string, fields: Partial<NewMember> = {}): NewMember => {
  const unique = randomUUID();
  return {
    enablerId,
    name: `Awa Diop ${unique}`,
    village: 'Fissel',
    number: `N-${unique}`,
    federation: null,
    gender: null,
    phone: null,
    bankName: null,
    bankBranchName: null,
    bankIFSC: null,
    bankAccount: null,
    onboardingDate: '2026-01-01',
    ...fields,
  };
};

/** A new plot of the member (its federation copied, as the API does), plain but for `fields`. */
export const newPlotFields = (
  owner: { id: string; enablerId: string; federation?: string | null },
  fields: Partial<NewPlot> = {},
): NewPlot => ({
  memberId: owner.id,
  enablerId: owner.enablerId,
  federation: owner.federation ?? null,
  name: 'North field',
  latitude: 14,
  longitude: -16,
  cropDescription: null,
  isIrrigated: null,
  droughtMonthlyContribCents: 1000,
  excessRainMonthlyContribCents: 0,
  startCoverageDate: '2026-01-01',
  endOfSeasonDate: '2026-05-01',
  endCoverageDate: '2026-07-01',
  enablerConfig: null,
  ...fields,
});

/** A member of the enabler with `plots` plots (created as the API would), plain but for `fields`. */
export const givenMember = async (
  enablerId: string,
  plots = 1,
  name = `Awa Diop ${randomUUID()}`,
  fields: Partial<NewMember> = {},
) => {
  const member = await createMember(
    newMemberFields(enablerId, {
      name,
      federation: 'Kaolack',
      onboardingDate: isoDateOf(new Date()),
      ...fields,
    }),
  );
  const plotIds: string[] = [];
  for (let index = 0; index < plots; index += 1) {
    const plot = await createPlot(
      newPlotFields(member, {
        name: `Field ${index + 1}`,
        ...coverageDates('2026-01-01', demoConfig),
        enablerConfig: { version: 1, _id: 'c1' },
      }),
    );
    plotIds.push(plot.id);
  }
  return { memberId: member.id, member, plotIds };
};
