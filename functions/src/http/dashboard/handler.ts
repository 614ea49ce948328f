import {
  dashboardUnitsToDisplay,
  defaultDashboardTimeScale,
  type DashboardCoveredPlots,
  type DashboardFederations,
  type DashboardPendingBenefits,
  type DashboardRebuildAnswer,
  type DashboardSeries,
  type DashboardTimeScale,
  type DashboardUnitsToDisplay,
} from '@cpbo/schemas';
import { isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { fromCents } from '@cpbo/schemas/money.ts';
import { seriesAmounts, sumBetween, totalOf, totalsByFederation } from '#data/aggregates/aggregates.ts';
import {
  ALL_FEDERATIONS,
  coveredPlots,
  displayedPeriods,
  federationKey,
  federationsWithMembers,
  pendingByFederation,
  periodsAfter,
  type Metric,
} from '#domain/aggregates.ts';
import { createRebuildJob, getRebuildJob, type RebuildJob } from '#data/jobs/rebuild-jobs.ts';
import { AppError } from '#platform/app-error.ts';
import { ok, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { currentEnabler } from '#http/session-enabler.ts';
import { appLog } from '#data/logs/app-log.ts';
import { sendFromOutbox } from '#data/jobs/outbox.ts';

interface SeriesQuery {
  timeScale?: DashboardTimeScale;
  federation?: string;
}

const keyOf = (federation: string | undefined) =>
  federation === undefined ? ALL_FEDERATIONS : federationKey(federation);

const today = () => isoDateOf(new Date());

/** A series of the displayed periods, one Query of its aggregate partition. */
const series =
  (metric: Metric, money: boolean) =>
  async ({ query, session }: SessionRequest<unknown, never, SeriesQuery>) => {
    const scale = query.timeScale ?? defaultDashboardTimeScale;
    const periods = displayedPeriods(today(), scale, dashboardUnitsToDisplay[scale]);
    const amounts = await seriesAmounts(
      session.enabler,
      metric,
      scale,
      keyOf(query.federation),
      periods[0] as string,
      periods.at(-1) as string,
    );
    const points: DashboardSeries = periods.map((date) => {
      const amount = amounts.get(date) ?? 0;
      return { date, amount: money ? fromCents(amount) : amount };
    });
    return ok(points);
  };

/** Pending benefits by federation, one Query; members without a federation last. */
const pendingBenefits = async ({ session }: SessionRequest) => {
  const totals = await totalsByFederation(session.enabler, 'pendingBenefits');
  const answer: DashboardPendingBenefits = pendingByFederation(totals).map(({ federation, cents }) => ({
    federation,
    amount: fromCents(cents),
  }));
  return ok(answer);
};

/**
 * Plots covered today: running totals of covers started and ended, less those dated after today
 * (the rest of this month by day, none on its last day; later months by month): up to six small reads.
 */
const coveredPlotsNow = async ({ query, session }: SessionRequest<unknown, never, SeriesQuery>) => {
  const day = today();
  const key = keyOf(query.federation);
  const { days, months } = periodsAfter(day);
  const afterToday = async (metric: Metric) =>
    (days ? await sumBetween(session.enabler, metric, 'daily', key, days.from, days.to) : 0) +
    (await sumBetween(session.enabler, metric, 'monthly', key, months.from, months.to));
  const [startedTotal, startedAfterToday, endedTotal, endedAfterToday] = await Promise.all([
    totalOf(session.enabler, 'coversStarted', key),
    afterToday('coversStarted'),
    totalOf(session.enabler, 'coversEnded', key),
    afterToday('coversEnded'),
  ]);
  const answer: DashboardCoveredPlots = coveredPlots({
    startedTotal,
    startedAfterToday,
    endedTotal,
    endedAfterToday,
  });
  return ok(answer);
};

/** The federations of the enabler's members (a count of members per federation), one Query. */
const federations = async ({ session }: SessionRequest) => {
  const answer: DashboardFederations = federationsWithMembers(
    await totalsByFederation(session.enabler, 'members'),
  );
  return ok(answer);
};

const unitsToDisplay = ({ query }: SessionRequest<unknown, never, SeriesQuery>) => {
  const answer: DashboardUnitsToDisplay =
    dashboardUnitsToDisplay[query.timeScale ?? defaultDashboardTimeScale];
  return Promise.resolve(ok(answer));
};

const rebuildAnswer = (job: RebuildJob): DashboardRebuildAnswer => ({
  job: {
    id: job.id,
    state: job.state,
    records: job.records,
    aggregates: job.aggregates,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  },
});

/**
 * POST /dashboard/rebuild: queues the recomputation of the administrator's current enabler from its
 * records (the rebuild worker does it in steps) and answers the job (202); refused while one is under way.
 */
const rebuild = async ({ session }: SessionRequest) => {
  const { job, queued } = await createRebuildJob(currentEnabler(session), session.email);
  // Recorded with the job: a send that fails now is the outbox relay's to make (data/jobs/outbox.ts).
  await sendFromOutbox(queued);
  await appLog.info(`Aggregates rebuild ${job.id} of ${session.enabler} started by ${session.email}`);
  return { status: 202, body: rebuildAnswer(job) };
};

/** GET /dashboard/rebuild/{id}: a job of the caller's current enabler; any other answers ERR_NOT_FOUND. */
const rebuildStatus = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  const job = await getRebuildJob(params.id);
  if (!job || job.enablerId !== session.enabler) throw new AppError('ERR_NOT_FOUND');
  return ok(rebuildAnswer(job));
};

export const handler = httpHandler(
  'dashboard',
  {
    'GET /dashboard/numberOfCoversStartedByDate': series('coversStarted', false),
    'GET /dashboard/totalContributionsByDate': series('contributions', true),
    'GET /dashboard/totalBenefitsComputedByDate': series('benefitsComputed', true),
    'GET /dashboard/totalPendingBenefitsByFederation': pendingBenefits,
    'GET /dashboard/numberOfCoveredPlots': coveredPlotsNow,
    'GET /dashboard/federations': federations,
    'GET /dashboard/numberOfUnitsToDisplay': unitsToDisplay,
    'POST /dashboard/rebuild': rebuild,
    'GET /dashboard/rebuild/{id}': rebuildStatus,
  },
  { validators: () => import('#generated/validators/dashboard.generated.ts') },
);
