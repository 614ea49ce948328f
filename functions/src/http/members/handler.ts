import type {
  cashoutRequestSchema,
  contributeRequestSchema,
  FromSchema,
  newMemberRequestSchema,
  newPlotRequestSchema,
  updatePlotRequestSchema,
} from '@cpbo/schemas';
import { coverageDates, dateOfUnixSeconds, isoDateOf } from '#domain/coverage-dates.ts';
import { readMemberListQuery } from '#domain/member-list.ts';
import { toCents, type Cents } from '#domain/money.ts';
import { getEnablerWithLatestConfig } from '#data/enablers.ts';
import { memberDirectory, rememberMember } from '#data/member-directory.ts';
import {
  createMember,
  createPlot,
  getMember,
  getMemberPage,
  getPlots,
  memberSummaryOf,
  recordCashout,
  recordContribution,
  updatePlot,
} from '#data/members.ts';
import type { Session } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';
import { created, ok, type ApiRequest } from '#platform/http/api-types.ts';
import { httpHandler } from '#platform/http/http-handler.ts';
import { memberInScope } from './member-scope.ts';
import { cashoutView, contributionView, memberDetailView, memberRowView, plotView } from './views.ts';

const caller = (session: Session | undefined): Session => session as Session;

const cents = (amount: number | undefined): Cents => {
  const value = toCents(amount ?? 0);
  if (value === undefined)
    throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'Amounts have at most two decimals.' });
  return value;
};

/** Re-reads a member after a write and hands it to this instance's list (read-your-writes). */
const refreshListEntry = async (session: Session, memberId: string) => {
  const member = await getMember(memberId);
  if (member) rememberMember(session.enabler, memberSummaryOf(member));
};

/** GET /members: the enabler's members, sorted, filtered, searched and paged. */
const list = async ({ query, session }: ApiRequest) => {
  const listQuery = readMemberListQuery(query);
  if (listQuery === 'TWO_SORTS')
    throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'Sort by one field at a time.' });
  const directory = await memberDirectory(caller(session).enabler);
  const page = directory.list(listQuery, isoDateOf(new Date()));
  return ok({
    members: page.members.map(memberRowView),
    count: page.count,
    page: page.page,
    pageSize: page.pageSize,
  });
};

const detail = async ({ params, session }: ApiRequest) => {
  const member = await memberInScope(caller(session), params.id as string);
  const page = await getMemberPage(member.id);
  if (!page) throw new AppError('ERR_NOT_FOUND');
  return ok(memberDetailView(page));
};

const plotDetail = async ({ params, session }: ApiRequest) => {
  const member = await memberInScope(caller(session), params.memberId as string);
  const plot = (await getPlots(member.id)).find((candidate) => candidate.id === params.plotId);
  if (!plot) throw new AppError('ERR_NOT_FOUND');
  return ok(plotView(plot, member));
};

/** POST /members: onboarding by an agent (or an administrator) in the session's enabler, dated today. */
const onboard = async ({ body, session }: ApiRequest<FromSchema<typeof newMemberRequestSchema>>) => {
  const member = await createMember({
    enablerId: caller(session).enabler,
    name: body.name.trim(),
    village: body.village.trim(),
    number: body.number.trim(),
    federation: body.federation?.trim() || null,
    gender: body.gender ?? null,
    phone: body.phone?.trim() || null,
    bankName: body.bankName?.trim() || null,
    bankBranchName: body.bankBranchName?.trim() || null,
    bankIFSC: body.bankIFSC?.trim() || null,
    bankAccount: body.bankAccount?.trim() || null,
    onboardingDate: isoDateOf(new Date()),
  });
  rememberMember(member.enablerId, memberSummaryOf(member));
  return created({ id: member.id });
};

/**
 * POST /members/{memberId}/plots: the coverage dates follow from the start (today by default) and the
 * enabler's latest config, whose version the plot keeps.
 */
const addPlot = async ({ body, params, session }: ApiRequest<FromSchema<typeof newPlotRequestSchema>>) => {
  const member = await memberInScope(caller(session), params.memberId as string);
  const latest = await getEnablerWithLatestConfig(member.enablerId);
  if (!latest?.config) throw new AppError('ERR_ENABLER_NO_CONFIG');
  const start =
    body.startCoverageDate === undefined ? isoDateOf(new Date()) : dateOfUnixSeconds(body.startCoverageDate);
  const plot = await createPlot({
    memberId: member.id,
    enablerId: member.enablerId,
    name: body.name.trim(),
    latitude: body.latitude,
    longitude: body.longitude,
    cropDescription: body.cropDescription?.trim() || null,
    isIrrigated: body.isIrrigated ?? null,
    droughtMonthlyContribCents: cents(body.droughtMonthlyContrib),
    excessRainMonthlyContribCents: cents(body.excessRainMonthlyContrib),
    ...coverageDates(start, latest.config),
    enablerConfig: { version: latest.config.version, _id: latest.config._id },
  });
  await refreshListEntry(caller(session), member.id);
  return created({ id: plot.id });
};

const changePlot = async ({
  body,
  params,
  session,
}: ApiRequest<FromSchema<typeof updatePlotRequestSchema>>) => {
  const member = await memberInScope(caller(session), params.memberId as string);
  const current = (await getPlots(member.id)).find((candidate) => candidate.id === params.plotId);
  if (!current) throw new AppError('ERR_NOT_FOUND');
  // Fields the spec's body does not carry keep their value when absent.
  await updatePlot(member, current.id, {
    name: body.name.trim(),
    latitude: body.latitude,
    longitude: body.longitude,
    droughtMonthlyContribCents: cents(body.droughtMonthlyContrib),
    excessRainMonthlyContribCents:
      body.excessRainMonthlyContrib === undefined
        ? current.excessRainMonthlyContribCents
        : cents(body.excessRainMonthlyContrib),
    cropDescription:
      body.cropDescription === undefined ? current.cropDescription : body.cropDescription?.trim() || null,
    isIrrigated: body.isIrrigated === undefined ? current.isIrrigated : body.isIrrigated,
  });
  await refreshListEntry(caller(session), member.id);
  const plot = (await getPlots(member.id)).find((candidate) => candidate.id === params.plotId);
  if (!plot) throw new AppError('ERR_NOT_FOUND');
  return ok(plotView(plot, member));
};

/** POST /members/{id}/cashouts: pays part of the pending benefit; never more than it. */
const cashout = async ({ body, params, session }: ApiRequest<FromSchema<typeof cashoutRequestSchema>>) => {
  const member = await memberInScope(caller(session), params.id as string);
  const record = await recordCashout(
    member,
    cents(body.amount),
    new Date().toISOString(),
    caller(session).email,
  );
  await refreshListEntry(caller(session), member.id);
  return created(cashoutView(record));
};

/** POST /members/{id}/contribute: a monthly contribution for a plot of the member (the first one by default). */
const contribute = async ({
  body,
  params,
  session,
}: ApiRequest<FromSchema<typeof contributeRequestSchema>>) => {
  const member = await memberInScope(caller(session), params.id as string);
  const amountCents = cents(body.amount);
  const plots = (await getPlots(member.id)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const plot = body.plotId ? plots.find((candidate) => candidate.id === body.plotId) : plots[0];
  if (!plot) throw new AppError(body.plotId && plots.length ? 'ERR_NOT_FOUND' : 'ERR_NO_PLOTS');
  const record = await recordContribution(
    member,
    plot,
    {
      amountCents,
      protectionType: body.protectionType ?? 'DROUGHT',
      contributionDate: new Date().toISOString(),
    },
    caller(session).email,
  );
  await refreshListEntry(caller(session), member.id);
  return created(contributionView(record));
};

export const handler = httpHandler('members', {
  'GET /members': list,
  'GET /members/{id}': detail,
  'GET /members/{memberId}/plots/{plotId}': plotDetail,
  'POST /members': onboard,
  'POST /members/{memberId}/plots': addPlot,
  'POST /members/{memberId}/plots/{plotId}': changePlot,
  'POST /members/{id}/cashouts': cashout,
  'POST /members/{id}/contribute': contribute,
});
