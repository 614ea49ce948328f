import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { isoDaySchema, listAnswerSchema, steppedJobStates } from './common.ts';

/**
 * The dashboard's calls (spec 7, Dashboard GETs): their query strings and answers. Every call answers
 * for the caller's enabler (an administrator's current one), from aggregates the table's stream keeps,
 * so each answer costs the same few reads whatever the number of records.
 *
 * Dates are UTC days, YYYY-MM-DD; a period is named by its first day (weeks start on Monday, months on
 * the 1st). Amounts are decimal currency units of the enabler's config, never cents.
 */

export const dashboardTimeScales = ['daily', 'weekly', 'monthly'] as const;
export type DashboardTimeScale = (typeof dashboardTimeScales)[number];
/** The scale of a query without timeScale (spec 9). */
export const defaultDashboardTimeScale: DashboardTimeScale = 'monthly';

/**
 * How many periods of each scale a series covers: the periods ending with the current one (today's
 * day, week or month), oldest first. GET /dashboard/numberOfUnitsToDisplay answers the same figure.
 */
export const dashboardUnitsToDisplay: Readonly<Record<DashboardTimeScale, number>> = {
  daily: 31,
  weekly: 26,
  monthly: 12,
};

/** A member's federation is at most 100 characters (members.ts); the filter matches it exactly. */
export const dashboardFederationMaxLength = 100;

const timeScale = { type: 'string', enum: dashboardTimeScales } as const;
const federation = { type: 'string', minLength: 1, maxLength: dashboardFederationMaxLength } as const;

/**
 * numberOfCoversStartedByDate, totalContributionsByDate, totalBenefitsComputedByDate: the scale
 * (default monthly) and a federation (absent: every member, with or without a federation).
 */
export const dashboardSeriesQuerySchema = {
  $id: 'query/dashboard-series',
  type: 'object',
  additionalProperties: false,
  properties: { timeScale, federation },
} as const satisfies JSONSchema;

/** numberOfCoveredPlots: a federation (absent: every member). */
export const dashboardFederationQuerySchema = {
  $id: 'query/dashboard-federation',
  type: 'object',
  additionalProperties: false,
  properties: { federation },
} as const satisfies JSONSchema;

/** numberOfUnitsToDisplay: the scale (default monthly). */
export const dashboardUnitsQuerySchema = {
  $id: 'query/dashboard-units',
  type: 'object',
  additionalProperties: false,
  properties: { timeScale },
} as const satisfies JSONSchema;

/** totalPendingBenefitsByFederation and federations take no parameter (spec 9: no filter). */
export const dashboardNoQuerySchema = {
  $id: 'query/dashboard-none',
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const satisfies JSONSchema;

/** One period of a series: its first day and its amount (covers: a count of plots). */
const dashboardPointObject = {
  type: 'object',
  required: ['date', 'amount'],
  additionalProperties: false,
  properties: { date: isoDaySchema, amount: { type: 'number' } },
} as const satisfies JSONSchema;
export type DashboardPoint = FromSchema<typeof dashboardPointObject>;

/**
 * The answer of the three ByDate calls: exactly numberOfUnitsToDisplay points, one per period, oldest
 * first, ending with the current period; a period without records has amount 0.
 * - numberOfCoversStartedByDate: plots whose startCoverageDate falls in the period;
 * - totalContributionsByDate: the contributions dated (contributionDate) in the period;
 * - totalBenefitsComputedByDate: the benefits (payouts) dated (payoutDate) in the period.
 */
export const dashboardSeriesAnswerSchema = {
  $id: 'answer/dashboard-series',
  type: 'array',
  // From the fewest periods (monthly) to the most (daily).
  minItems: dashboardUnitsToDisplay.monthly,
  maxItems: dashboardUnitsToDisplay.daily,
  items: dashboardPointObject,
} as const satisfies JSONSchema;
export type DashboardSeries = FromSchema<typeof dashboardSeriesAnswerSchema>;

const pendingBenefitObject = {
  type: 'object',
  required: ['federation', 'amount'],
  additionalProperties: false,
  properties: { federation: { type: ['string', 'null'] }, amount: { type: 'number' } },
} as const satisfies JSONSchema;
export type PendingBenefitOfFederation = FromSchema<typeof pendingBenefitObject>;

/**
 * The answer of totalPendingBenefitsByFederation: per federation, the benefits (payouts) less the paid
 * benefits (cashouts) of its members, all dates; `federation: null` gathers the members without one.
 * Federations whose pending benefit is 0 are left out; sorted by federation, null last.
 */
export const dashboardPendingBenefitsAnswerSchema = listAnswerSchema(
  'answer/dashboard-pending-benefits',
  pendingBenefitObject,
);
export type DashboardPendingBenefits = FromSchema<typeof dashboardPendingBenefitsAnswerSchema>;

/**
 * The answer of numberOfCoveredPlots: the plots covered today, i.e. covers started (startCoverageDate)
 * up to today less covers ended (endCoverageDate) before today.
 */
export const dashboardCoveredPlotsAnswerSchema = {
  $id: 'answer/dashboard-covered-plots',
  type: 'integer',
  minimum: 0,
} as const satisfies JSONSchema;
export type DashboardCoveredPlots = FromSchema<typeof dashboardCoveredPlotsAnswerSchema>;

/**
 * The answer of federations: the federations of the enabler's members and records, sorted, each once
 * (members without a federation are not one); the values the federation filter accepts.
 */
export const dashboardFederationsAnswerSchema = {
  $id: 'answer/dashboard-federations',
  type: 'array',
  uniqueItems: true,
  items: { type: 'string', minLength: 1, maxLength: dashboardFederationMaxLength },
} as const satisfies JSONSchema;
export type DashboardFederations = FromSchema<typeof dashboardFederationsAnswerSchema>;

/** The answer of numberOfUnitsToDisplay: dashboardUnitsToDisplay[timeScale]. */
export const dashboardUnitsAnswerSchema = {
  $id: 'answer/dashboard-units',
  type: 'integer',
  enum: [dashboardUnitsToDisplay.daily, dashboardUnitsToDisplay.weekly, dashboardUnitsToDisplay.monthly],
} as const satisfies JSONSchema;
export type DashboardUnitsToDisplay = FromSchema<typeof dashboardUnitsAnswerSchema>;

export const dashboardRebuildStates = steppedJobStates;
export type DashboardRebuildState = (typeof dashboardRebuildStates)[number];

/**
 * POST /dashboard/rebuild (administrators only, no body) answers 202 with the job it queued: every
 * aggregate of the caller's current enabler recomputed from its records, for repair; 409
 * ERR_REBUILD_IN_PROGRESS while one of the same enabler is QUEUED or RUNNING. GET
 * /dashboard/rebuild/{id} answers the job again (200), for the screen to poll; a job of another
 * enabler, or none, answers 404 ERR_NOT_FOUND.
 */
export const dashboardRebuildAnswerSchema = {
  $id: 'answer/dashboard-rebuild',
  type: 'object',
  required: ['job'],
  additionalProperties: false,
  properties: {
    job: {
      type: 'object',
      required: ['id', 'state', 'records', 'aggregates', 'createdAt', 'updatedAt'],
      additionalProperties: false,
      properties: {
        id: { type: 'string', minLength: 1 },
        state: { type: 'string', enum: dashboardRebuildStates },
        /** Records read so far (all of them once DONE). */
        records: { type: 'integer', minimum: 0 },
        /** Aggregate items the enabler holds once DONE; 0 before. */
        aggregates: { type: 'integer', minimum: 0 },
        createdAt: { type: 'string', format: 'date-time' },
        updatedAt: { type: 'string', format: 'date-time' },
      },
    },
  },
} as const satisfies JSONSchema;
export type DashboardRebuildAnswer = FromSchema<typeof dashboardRebuildAnswerSchema>;
