import type {
  cashoutRequestSchema,
  contributeRequestSchema,
  FromSchema,
  newMemberRequestSchema,
  newPlotRequestSchema,
  updatePlotRequestSchema,
} from '@cpbo/schemas';
import { coverageDates, dateOfUnixSeconds, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { parseMemberListQuery } from '@cpbo/schemas/member-list-query.ts';
import { getEnablerWithLatestConfig } from '#data/enablers/enablers.ts';
import { applyListChanges } from '#data/lists/list-changes.ts';
import { memberDirectory } from '#data/lists/member-directory.ts';
import { createMember } from '#data/members/members.ts';
import { createPlot, getPlots, updatePlot } from '#data/members/plots.ts';
import { getMemberPage } from '#data/members/member-page.ts';
import { memberSummaryOf, type Member } from '#data/members/member-items.ts';
import type { Plot } from '#data/members/plot-items.ts';
import { createMoneyRecord } from '#data/money/money-create.ts';
import type { Cashout, Contribution } from '#data/money/money-items.ts';
import { AppError } from '#platform/app-error.ts';
import { created, ok, type IdempotentRequest, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { idempotency } from '#http/middleware/idempotency.ts';
import { countEvent } from '#platform/metrics.ts';
import { centsOf } from '../body-amounts.ts';
import { actorOf } from '../actor.ts';
import { memberFieldsOfBody } from './member-fields.ts';
import { plotChangesOfBody } from './plot-fields.ts';
import { memberInScope } from './member-scope.ts';
import { cashoutView, contributionView, memberDetailView, memberRowView, plotView } from './views.ts';

/** GET /members: the enabler's members, sorted, filtered, searched and paged. */
const list = async ({ query, session }: SessionRequest) => {
  const listQuery = parseMemberListQuery(query);
  if (listQuery === 'TWO_SORTS')
    throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'Sort by one field at a time.' });
  if (listQuery === 'INVALID') throw new AppError('ERR_INVALID_DATA_FORMAT');
  const directory = await memberDirectory(session.enabler);
  const page = directory.list(listQuery, isoDateOf(new Date()));
  return ok({
    members: page.members.map(memberRowView),
    count: page.count,
    page: page.page,
    pageSize: page.pageSize,
  });
};

const detail = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  const member = await memberInScope(session, params.id);
  const page = await getMemberPage(member.id);
  if (!page) throw new AppError('ERR_NOT_FOUND');
  return ok(memberDetailView(page));
};

const plotDetail = async ({ params, session }: SessionRequest<unknown, 'memberId' | 'plotId'>) => {
  const member = await memberInScope(session, params.memberId);
  const plot = (await getPlots(member.id)).find((candidate) => candidate.id === params.plotId);
  if (!plot) throw new AppError('ERR_NOT_FOUND');
  return ok(plotView(plot, member));
};

// The answers of the idempotent calls, stored with their writes (a repeat of a key answers them again).
const memberCreated = (member: Member) => created({ id: member.id });
const plotCreated = (plot: Plot) => created({ id: plot.id });
const cashoutRecorded = (member: Member) => (cashout: Cashout) => created(cashoutView(cashout, member));
const contributionRecorded = (member: Member) => (contribution: Contribution) =>
  created(contributionView(contribution, member));

/** POST /members: onboarding by an agent (or an administrator) in the session's enabler, dated today. */
const onboard = async ({
  body,
  session,
  idempotency,
}: IdempotentRequest<FromSchema<typeof newMemberRequestSchema>>) => {
  const fields = {
    ...memberFieldsOfBody(body),
    enablerId: session.enabler,
    onboardingDate: isoDateOf(new Date()),
  };
  const member = await createMember(fields, {
    receipt: idempotency.receipt(memberCreated),
    actor: actorOf(session),
  });
  await applyListChanges({ enablerId: member.enablerId, member: { summary: memberSummaryOf(member) } });
  return memberCreated(member);
};

/**
 * POST /members/{memberId}/plots: the coverage dates follow from the start (today by default) and the
 * enabler's latest config, whose version the plot keeps.
 */
const addPlot = async ({
  body,
  params,
  session,
  idempotency,
}: IdempotentRequest<FromSchema<typeof newPlotRequestSchema>, 'memberId'>) => {
  const member = await memberInScope(session, params.memberId);
  const latest = await getEnablerWithLatestConfig(member.enablerId);
  if (!latest?.config) throw new AppError('ERR_ENABLER_NO_CONFIG');
  const start =
    body.startCoverageDate === undefined ? isoDateOf(new Date()) : dateOfUnixSeconds(body.startCoverageDate);
  const fields = {
    memberId: member.id,
    enablerId: member.enablerId,
    federation: member.federation,
    name: body.name.trim(),
    latitude: body.latitude,
    longitude: body.longitude,
    cropDescription: body.cropDescription?.trim() || null,
    isIrrigated: body.isIrrigated ?? null,
    droughtMonthlyContribCents: centsOf(body.droughtMonthlyContrib ?? 0),
    excessRainMonthlyContribCents: centsOf(body.excessRainMonthlyContrib ?? 0),
    ...coverageDates(start, latest.config),
    enablerConfig: { version: latest.config.version, _id: latest.config._id },
  };
  const plot = await createPlot(fields, {
    receipt: idempotency.receipt(plotCreated),
    actor: actorOf(session),
  });
  await applyListChanges({ enablerId: session.enabler, member: { id: member.id } });
  return plotCreated(plot);
};

const changePlot = async ({
  body,
  params,
  session,
}: SessionRequest<FromSchema<typeof updatePlotRequestSchema>, 'memberId' | 'plotId'>) => {
  const member = await memberInScope(session, params.memberId);
  const current = (await getPlots(member.id)).find((candidate) => candidate.id === params.plotId);
  if (!current) throw new AppError('ERR_NOT_FOUND');
  // Fields the spec's body does not carry keep their value when absent.
  await updatePlot(member, current, plotChangesOfBody(body, current), actorOf(session));
  await applyListChanges({ enablerId: session.enabler, member: { id: member.id } });
  const plot = (await getPlots(member.id)).find((candidate) => candidate.id === params.plotId);
  if (!plot) throw new AppError('ERR_NOT_FOUND');
  return ok(plotView(plot, member));
};

/** POST /members/{id}/cashouts: pays part of the pending benefit; never more than it. */
const cashout = async ({
  body,
  params,
  session,
  idempotency,
}: IdempotentRequest<FromSchema<typeof cashoutRequestSchema>, 'id'>) => {
  const member = await memberInScope(session, params.id);
  const record = await createMoneyRecord({
    type: 'CASHOUT',
    member,
    plot: null,
    values: { amountCents: centsOf(body.amount ?? 0), cashoutDate: new Date().toISOString() },
    by: session.email,
    byName: session.username,
    receipt: idempotency.receipt(cashoutRecorded(member)),
  });
  countEvent('Cashouts');
  await applyListChanges({ enablerId: session.enabler, member: { id: member.id } });
  return cashoutRecorded(member)(record);
};

/** POST /members/{id}/contribute: a monthly contribution for a plot of the member (the first one by default). */
const contribute = async ({
  body,
  params,
  session,
  idempotency,
}: IdempotentRequest<FromSchema<typeof contributeRequestSchema>, 'id'>) => {
  const member = await memberInScope(session, params.id);
  const amountCents = centsOf(body.amount ?? 0);
  const plots = (await getPlots(member.id)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const plot = body.plotId ? plots.find((candidate) => candidate.id === body.plotId) : plots[0];
  if (!plot) throw new AppError(body.plotId && plots.length ? 'ERR_NOT_FOUND' : 'ERR_NO_PLOTS');
  const record = await createMoneyRecord({
    type: 'CONTRIBUTION',
    member,
    plot,
    values: {
      amountCents,
      protectionType: body.protectionType ?? 'DROUGHT',
      contributionDate: new Date().toISOString(),
    },
    by: session.email,
    byName: session.username,
    receipt: idempotency.receipt(contributionRecorded(member)),
  });
  countEvent('Contributions');
  await applyListChanges({ enablerId: session.enabler, member: { id: member.id } });
  return contributionRecorded(member)(record);
};

export const handler = httpHandler(
  'members',
  {
    'GET /members': list,
    'GET /members/{id}': detail,
    'GET /members/{memberId}/plots/{plotId}': plotDetail,
    'POST /members': onboard,
    'POST /members/{memberId}/plots': addPlot,
    'POST /members/{memberId}/plots/{plotId}': changePlot,
    'POST /members/{id}/cashouts': cashout,
    'POST /members/{id}/contribute': contribute,
  },
  { idempotency, validators: () => import('#generated/validators/members.generated.ts') },
);
