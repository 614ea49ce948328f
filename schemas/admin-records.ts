import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import {
  answerAmountSchema,
  instantSchema,
  MAX_PAGE_NUMBER,
  MAX_PAGE_SIZE,
  positiveAmountSchema,
  recordIdParameter,
  steppedJobStates,
  text,
  unixSecondsSchema,
} from './common.ts';
import {
  cashoutObject,
  configIdSchema,
  configVersionSchema,
  contributionObject,
  memberFieldsProperties,
  payoutObject,
  plotFieldsProperties,
  plotObject,
} from './members.ts';
import { protectionTypes } from './protection-types.ts';

/*
 * The administrator's tables (spec sections 3, 5 and 7): plots, contributions, payouts and cashouts of
 * the administrator's current enabler, their list queries, bodies and answers. Dates in bodies are unix
 * seconds (the forms type dd/MM/yyyy); dates in answers are ISO ('YYYY-MM-DD', or a full timestamp for
 * contributionDate and cashoutDate); amounts are decimal currency units, never cents.
 */

const recordId = recordIdParameter;
const unixSeconds = unixSecondsSchema;
const positiveAmount = positiveAmountSchema;

/** The member form in admin mode: the member's fields plus the onboarding date. */
export const adminMemberRequestSchema = {
  $id: 'request/admin-member',
  type: 'object',
  required: ['name', 'village', 'number'],
  additionalProperties: false,
  properties: { ...memberFieldsProperties, onboardingDate: unixSeconds },
} as const satisfies JSONSchema;

const plotProperties = {
  ...plotFieldsProperties,
  startCoverageDate: unixSeconds,
  /** When absent, computed from the start and the enabler's latest config (lengthOfSeasonInMonth). */
  endOfSeasonDate: unixSeconds,
  /** When absent, computed from the start and the enabler's latest config (lengthOfCoverageInMonth). */
  endCoverageDate: unixSeconds,
} as const;

export const adminNewPlotRequestSchema = {
  $id: 'request/admin-new-plot',
  type: 'object',
  required: ['memberId', 'name', 'latitude', 'longitude', 'startCoverageDate'],
  additionalProperties: false,
  properties: { memberId: recordId, ...plotProperties },
} as const satisfies JSONSchema;

/** An edit keeps the plot's member; enablerConfig names the config version the plot is under. */
export const adminUpdatePlotRequestSchema = {
  $id: 'request/admin-update-plot',
  type: 'object',
  required: ['name', 'latitude', 'longitude', 'startCoverageDate'],
  additionalProperties: false,
  properties: {
    ...plotProperties,
    enablerConfig: {
      type: 'object',
      required: ['version'],
      additionalProperties: false,
      properties: { version: configVersionSchema, _id: configIdSchema },
    },
  },
} as const satisfies JSONSchema;

export const adminContributionRequestSchema = {
  $id: 'request/admin-contribution',
  type: 'object',
  required: ['plotId', 'amount', 'contributionDate'],
  additionalProperties: false,
  properties: {
    plotId: recordId,
    amount: positiveAmount,
    protectionType: { type: 'string', enum: protectionTypes },
    contributionDate: unixSeconds,
  },
} as const satisfies JSONSchema;

/** The campaign's reference a payout names: one set of limits for the API, the import file and the form. */
export const assessmentIdSchema = text(100);

const payoutProperties = {
  plotId: recordId,
  amount: positiveAmount,
  assessmentId: assessmentIdSchema,
  assessmentDate: unixSeconds,
  payoutDate: unixSeconds,
} as const;

export const adminNewPayoutRequestSchema = {
  $id: 'request/admin-new-payout',
  type: 'object',
  required: ['memberId', 'plotId', 'amount', 'assessmentId', 'assessmentDate', 'payoutDate'],
  additionalProperties: false,
  properties: { memberId: recordId, ...payoutProperties },
} as const satisfies JSONSchema;

export const adminUpdatePayoutRequestSchema = {
  $id: 'request/admin-update-payout',
  type: 'object',
  required: ['plotId', 'amount', 'assessmentId', 'assessmentDate', 'payoutDate'],
  additionalProperties: false,
  properties: payoutProperties,
} as const satisfies JSONSchema;

/** Creating a cashout (spec: member and amount; the date is today unless given). */
export const adminNewCashoutRequestSchema = {
  $id: 'request/admin-new-cashout',
  type: 'object',
  required: ['memberId', 'amount'],
  additionalProperties: false,
  properties: { memberId: recordId, amount: positiveAmount, cashoutDate: unixSeconds },
} as const satisfies JSONSchema;

export const adminUpdateCashoutRequestSchema = {
  $id: 'request/admin-update-cashout',
  type: 'object',
  required: ['amount', 'cashoutDate'],
  additionalProperties: false,
  properties: { amount: positiveAmount, cashoutDate: unixSeconds },
} as const satisfies JSONSchema;

/*
 * Answers. The rows are the spec's records (section 3) as the member page sends them (members.ts), with
 * who recorded each money record and who last changed it. Amounts are decimal units; payout and
 * assessment dates days, contribution and cashout dates instants.
 */

/** Who recorded a money record and who last changed it (every change of money is recorded). */
const auditedProperties = {
  createdAt: instantSchema,
  createdBy: { type: 'string' },
  modifiedAt: { type: ['string', 'null'], format: 'date-time' },
  modifiedBy: { type: ['string', 'null'] },
} as const;

export const adminContributionRowObject = {
  ...contributionObject,
  required: [...contributionObject.required, 'createdAt', 'createdBy', 'modifiedAt', 'modifiedBy'],
  properties: { ...contributionObject.properties, ...auditedProperties },
} as const satisfies JSONSchema;

export const adminPayoutRowObject = {
  ...payoutObject,
  required: [...payoutObject.required, 'createdAt', 'createdBy', 'modifiedAt', 'modifiedBy'],
  properties: { ...payoutObject.properties, ...auditedProperties },
} as const satisfies JSONSchema;

export const adminCashoutRowObject = {
  ...cashoutObject,
  required: [...cashoutObject.required, 'createdAt', 'createdBy', 'modifiedAt', 'modifiedBy'],
  properties: { ...cashoutObject.properties, ...auditedProperties },
} as const satisfies JSONSchema;

/** The envelope of an admin list page: its number and size, and how many rows the query matches. */
const pageEnvelopeProperties = {
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE_NUMBER },
  /** adminPageSizes as numbers (admin-records.test.ts checks they stay the same). */
  pageSize: { type: 'integer', enum: [5, 10, 25, 500], minimum: 5, maximum: MAX_PAGE_SIZE },
  count: { type: 'integer', minimum: 0 },
} as const;

/** One page of an admin list (GET /admin/plots, /admin/contributions, ...): rows of one kind. */
const adminListPage = <const Id extends string, const Row extends object>(id: Id, row: Row) =>
  ({
    $id: id,
    type: 'object',
    required: ['items', 'page', 'pageSize', 'count'],
    additionalProperties: false,
    properties: { items: { type: 'array', maxItems: MAX_PAGE_SIZE, items: row }, ...pageEnvelopeProperties },
  }) as const satisfies JSONSchema;

/** A page of money records also answers the sum of the amounts the query matches (all its pages). */
const adminMoneyPage = <const Id extends string, const Row extends object>(id: Id, row: Row) => {
  const page = adminListPage(id, row);
  return {
    ...page,
    required: [...page.required, 'totalAmount'],
    properties: { ...page.properties, totalAmount: answerAmountSchema },
  } as const satisfies JSONSchema;
};

export const adminPlotPageAnswerSchema = adminListPage('answer/admin-plot-page', plotObject);
export const adminContributionPageAnswerSchema = adminMoneyPage(
  'answer/admin-contribution-page',
  adminContributionRowObject,
);
export const adminPayoutPageAnswerSchema = adminMoneyPage('answer/admin-payout-page', adminPayoutRowObject);
export const adminCashoutPageAnswerSchema = adminMoneyPage(
  'answer/admin-cashout-page',
  adminCashoutRowObject,
);

/** GET /admin/contributions/{id}, /admin/payouts/{id}, /admin/cashouts/{id}: one row. */
export const adminContributionAnswerSchema = {
  $id: 'answer/admin-contribution',
  ...adminContributionRowObject,
} as const satisfies JSONSchema;
/** A payout read alone also says which benefit run wrote it (null: by hand or imported): only a run changes it then. */
export const adminPayoutAnswerSchema = {
  $id: 'answer/admin-payout',
  ...adminPayoutRowObject,
  required: [...adminPayoutRowObject.required, 'runId'],
  properties: {
    ...adminPayoutRowObject.properties,
    runId: { type: ['string', 'null'], maxLength: 36, pattern: '^[0-9a-f-]{36}$' },
  },
} as const satisfies JSONSchema;
export const adminCashoutAnswerSchema = {
  $id: 'answer/admin-cashout',
  ...adminCashoutRowObject,
} as const satisfies JSONSchema;

export type AdminPlotRow = FromSchema<typeof plotObject>;
export type AdminContributionRow = FromSchema<typeof adminContributionRowObject>;
export type AdminPayoutRow = FromSchema<typeof adminPayoutRowObject>;
export type AdminPayoutAnswer = FromSchema<typeof adminPayoutAnswerSchema>;
export type AdminCashoutRow = FromSchema<typeof adminCashoutRowObject>;
export type AdminPlotPage = FromSchema<typeof adminPlotPageAnswerSchema>;
export type AdminContributionPage = FromSchema<typeof adminContributionPageAnswerSchema>;
export type AdminPayoutPage = FromSchema<typeof adminPayoutPageAnswerSchema>;
export type AdminCashoutPage = FromSchema<typeof adminCashoutPageAnswerSchema>;
/** One page of any kind of row: the envelope of the schemas above around the kind's rows. */
export type AdminListPage<Row> = Omit<AdminPlotPage, 'items'> & { items: Row[] };
/** One page of money records, with the total of the amounts the query matches. */
export type AdminMoneyPage<Row> = AdminListPage<Row> & { totalAmount: number };

export const memberDeletionStates = steppedJobStates;
export type MemberDeletionState = (typeof memberDeletionStates)[number];

/**
 * DELETE /admin/members/{id} answers 202 with the member's deletion: the member is gone from every
 * list and read at once, and its records with it (DONE) when one transaction holds them all; otherwise
 * a job deletes them (QUEUED, RUNNING) and GET /admin/members/deletions/{id} answers its progress
 * (200) for the screen to poll. A job of another enabler, or none, answers 404 ERR_NOT_FOUND.
 */
export const memberDeletionAnswerSchema = {
  $id: 'answer/member-deletion',
  type: 'object',
  required: ['job'],
  additionalProperties: false,
  properties: {
    job: {
      type: 'object',
      required: ['id', 'memberId', 'state', 'total', 'deleted', 'createdAt', 'updatedAt'],
      additionalProperties: false,
      properties: {
        id: { type: 'string', minLength: 1 },
        memberId: { type: 'string', minLength: 1 },
        state: { type: 'string', enum: memberDeletionStates },
        /** The member's plots and money records when it was removed. */
        total: { type: 'integer', minimum: 0 },
        /** Those deleted so far (all of them once DONE). */
        deleted: { type: 'integer', minimum: 0 },
        createdAt: { type: 'string', format: 'date-time' },
        updatedAt: { type: 'string', format: 'date-time' },
      },
    },
  },
} as const satisfies JSONSchema;
export type MemberDeletionAnswer = FromSchema<typeof memberDeletionAnswerSchema>;
