import type { adminNewPlotRequestSchema, adminUpdatePlotRequestSchema, FromSchema } from '@cpbo/schemas';
import { dateOfUnixSeconds, givenCoverageDates, type CoverageRule } from '@cpbo/schemas/coverage-dates.ts';
import { getConfig, getEnablerWithLatestConfig } from '#data/enablers/enablers.ts';
import { adminUpdatePlot, createPlot, deletePlot } from '#data/members/plots.ts';
import { getPlotById } from '#data/members/records-by-id.ts';
import type { Plot } from '#data/members/plot-items.ts';
import { applyListChanges } from '#data/lists/list-changes.ts';
import { recordDirectory } from '#data/lists/record-directory.ts';
import { nowIso } from '#data/table/table.ts';
import type { Session } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';
import {
  created,
  noContent,
  ok,
  type IdempotentRequest,
  type SessionRequest,
} from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { idempotency } from '#http/middleware/idempotency.ts';
import { listQueryOf, type ListParameters } from '../admin-money/list-query.ts';
import { memberInScope } from '../members/member-scope.ts';
import { assertSessionEnabler } from '../other-enabler.ts';
import { plotView } from '../members/views.ts';
import { plotChangesOfBody } from '../members/plot-fields.ts';
import { centsOf } from '../body-amounts.ts';
import { appLog } from '#data/logs/app-log.ts';
import { actorOf } from '../actor.ts';

/*
 * The administrator's plots (the spec's "fields"), in the administrator's current enabler only:
 * another enabler's plot or member answers ERR_FORBIDDEN_ADMIN with that enabler (change the view).
 */

type NewPlotBody = FromSchema<typeof adminNewPlotRequestSchema>;
type UpdatePlotBody = FromSchema<typeof adminUpdatePlotRequestSchema>;

const invalid = (message: string) => new AppError('ERR_INVALID_DATA_FORMAT', { message });

/** GET /admin/plots: any page of the enabler's plots, sorted on any column, filtered, with the count. */
const list = async ({ query, session }: SessionRequest<unknown, never, ListParameters>) => {
  const listQuery = listQueryOf('plots', query);
  const index = await recordDirectory('plots', session.enabler, listQuery.sort.field);
  const page = index.list(listQuery);
  return ok({
    items: page.records.map((plot) => plotView(plot, { name: plot.memberName, number: plot.memberNumber })),
    page: page.page,
    pageSize: page.pageSize,
    count: page.count,
  });
};

/** The plot's coverage dates: the ends given, or computed from the start and the config. */
const datesOf = (
  body: { startCoverageDate: number; endOfSeasonDate?: number; endCoverageDate?: number },
  rule: CoverageRule,
) => {
  const dates = givenCoverageDates(
    dateOfUnixSeconds(body.startCoverageDate),
    {
      endOfSeasonDate:
        body.endOfSeasonDate === undefined ? undefined : dateOfUnixSeconds(body.endOfSeasonDate),
      endCoverageDate:
        body.endCoverageDate === undefined ? undefined : dateOfUnixSeconds(body.endCoverageDate),
    },
    rule,
  );
  if (!dates) throw invalid('The end of season and the end of coverage cannot come before the start.');
  return dates;
};

/** The plot a call names, if of the session's enabler (http/other-enabler.ts otherwise). */
const plotInScope = async (session: Session, plotId: string): Promise<Plot> => {
  const plot = await getPlotById(plotId);
  if (!plot) throw new AppError('ERR_NOT_FOUND');
  await assertSessionEnabler(session, plot.enablerId);
  // A plot of a deleted member, until the member's deletion reaches it.
  await memberInScope(session, plot.memberId);
  return plot;
};

const plotCreated = (plot: Plot) => created({ id: plot.id });

/** POST /admin/plots: under the enabler's latest config, whose lengths give the ends not given. */
const add = async ({ body, session, idempotency }: IdempotentRequest<NewPlotBody>) => {
  const member = await memberInScope(session, body.memberId);
  const latest = await getEnablerWithLatestConfig(session.enabler);
  if (!latest?.config) throw new AppError('ERR_ENABLER_NO_CONFIG');
  const plot = await createPlot(
    {
      memberId: member.id,
      enablerId: session.enabler,
      federation: member.federation,
      name: body.name.trim(),
      latitude: body.latitude,
      longitude: body.longitude,
      cropDescription: body.cropDescription?.trim() || null,
      isIrrigated: body.isIrrigated ?? null,
      droughtMonthlyContribCents: centsOf(body.droughtMonthlyContrib ?? 0),
      excessRainMonthlyContribCents: centsOf(body.excessRainMonthlyContrib ?? 0),
      ...datesOf(body, latest.config),
      enablerConfig: { version: latest.config.version, _id: latest.config._id },
    },
    { receipt: idempotency.receipt(plotCreated), actor: actorOf(session) },
  );
  // The member list's plot count moves too.
  await applyListChanges({
    enablerId: session.enabler,
    member: { id: member.id },
    record: { list: 'plots', entry: plot },
  });
  return plotCreated(plot);
};

/**
 * POST /admin/plots/{id}: every field, the dates and the config version (which must exist in the
 * enabler); fields left out keep their value, ends left out follow from the start and the config.
 */
const edit = async ({ body, params, session }: SessionRequest<UpdatePlotBody, 'id'>) => {
  const plot = await plotInScope(session, params.id);
  const version =
    body.enablerConfig?.version ??
    plot.enablerConfig?.version ??
    (await getEnablerWithLatestConfig(session.enabler))?.enabler.latestConfigVersion;
  const config = version ? await getConfig(session.enabler, version) : undefined;
  if (!config) throw invalid('The enabler has no such config version.');
  if (body.enablerConfig?._id !== undefined && body.enablerConfig._id !== config._id)
    throw invalid('The config id is not the one of this version.');
  const updated = await adminUpdatePlot(
    plot,
    {
      ...plotChangesOfBody(body, plot),
      ...datesOf(body, config),
      enablerConfig: { version: config.version, _id: config._id },
    },
    actorOf(session),
  );
  await applyListChanges({ enablerId: session.enabler, record: { list: 'plots', entry: updated } });
  return noContent();
};

/** DELETE /admin/plots/{id}: refused while contributions or payouts were recorded on the plot. */
const remove = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  const plot = await plotInScope(session, params.id);
  await deletePlot(plot, actorOf(session));
  // At or after the tombstone's instant: no copy of the plot read later brings it back.
  await applyListChanges({
    enablerId: session.enabler,
    member: { id: plot.memberId },
    record: { list: 'plots', removed: plot.id, at: nowIso() },
  });
  await appLog.info(`Plot ${plot.id} of member ${plot.memberId} deleted by ${session.email}`);
  return noContent();
};

export const handler = httpHandler(
  'admin-plots',
  {
    'GET /admin/plots': list,
    'POST /admin/plots': add,
    'POST /admin/plots/{id}': edit,
    'DELETE /admin/plots/{id}': remove,
  },
  { idempotency, validators: () => import('#generated/validators/admin-plots.generated.ts') },
);
