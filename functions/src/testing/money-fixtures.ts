import { randomUUID } from 'node:crypto';
import { isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { getMember } from '#data/members/members.ts';
import { createMoneyRecord } from '#data/money/money-create.ts';
import { getPlots } from '#data/members/plots.ts';

/** A member and one of its plots (its first unless named), as a money record takes them. */
const memberAndPlot = async (memberId: string, plotId?: string) => {
  const member = await getMember(memberId);
  const plots = await getPlots(memberId);
  const plot = plotId === undefined ? plots[0] : plots.find((candidate) => candidate.id === plotId);
  if (!member || !plot) throw new Error(`no plot ${plotId ?? ''} of member ${memberId}`);
  return { member, plot: { id: plot.id, name: plot.name } };
};

/** A payout recorded as the benefit run records it (no API call), assessed and paid today unless told. */
export const givenPayout = async (
  memberId: string,
  amountCents: number,
  {
    plotId,
    // A plot has one payout per assessment: each payout of its own unless told.
    assessmentId = `A-${randomUUID().slice(0, 8)}`,
    assessmentDate = isoDateOf(new Date()),
    payoutDate = assessmentDate,
    by = 'test',
  }: {
    plotId?: string;
    assessmentId?: string;
    assessmentDate?: string;
    payoutDate?: string;
    by?: string;
  } = {},
) =>
  createMoneyRecord({
    type: 'PAYOUT',
    ...(await memberAndPlot(memberId, plotId)),
    values: { amountCents, assessmentId, assessmentDate, payoutDate },
    by,
  });

/** A drought contribution recorded as the field app records it, now unless told. */
export const givenContribution = async (
  memberId: string,
  amountCents: number,
  {
    plotId,
    contributionDate = new Date().toISOString(),
    by = 'test',
  }: { plotId?: string; contributionDate?: string; by?: string } = {},
) =>
  createMoneyRecord({
    type: 'CONTRIBUTION',
    ...(await memberAndPlot(memberId, plotId)),
    values: { amountCents, protectionType: 'DROUGHT', contributionDate },
    by,
  });
