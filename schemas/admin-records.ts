import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import {
  adminPageSizes,
  dayParameter,
  instantSchema,
  MAX_PAGE_NUMBER,
  MAX_PAGE_SIZE,
  pageNumberParameter,
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
  protectionTypes,
} from './members.ts';

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
 * List queries. Pages follow each other by cursor: each answer gives the cursor of the next page (null
 * on the last), so a page costs a bounded number of reads however many records the enabler has. The
 * admin table's "All" follows the cursors with the largest page size. Sorting is by the record's date
 * (the index order), ascending or descending; a search picks a member, which then filters by memberId.
 */
const sortDirection = { type: 'string', enum: ['asc', 'desc'] } as const;
/** Inclusive. */
const day = dayParameter;
const listProperties = {
  page: pageNumberParameter,
  pageSize: { type: 'string', enum: adminPageSizes },
  /** Opaque, from the previous answer's nextCursor. */
  cursor: { type: 'string', minLength: 1, maxLength: 1024, pattern: '^[A-Za-z0-9_-]+$' },
  'filter:memberId': recordId,
  'filter:from': day,
  'filter:to': day,
} as const;

const listQuery = <Id extends string, Extra extends Record<string, JSONSchema>>(id: Id, extra: Extra) =>
  ({
    $id: id,
    type: 'object',
    additionalProperties: false,
    properties: { ...listProperties, ...extra },
  }) as const satisfies JSONSchema;

/** Plots by start of coverage. */
export const adminPlotListQuerySchema = listQuery('query/admin-plots', {
  'sort:startCoverageDate': sortDirection,
});
export const adminContributionListQuerySchema = listQuery('query/admin-contributions', {
  'sort:contributionDate': sortDirection,
  'filter:plotId': recordId,
  'filter:protectionType': { type: 'string', enum: protectionTypes },
});
export const adminPayoutListQuerySchema = listQuery('query/admin-payouts', {
  'sort:payoutDate': sortDirection,
  'filter:plotId': recordId,
});
export const adminCashoutListQuerySchema = listQuery('query/admin-cashouts', {
  'sort:cashoutDate': sortDirection,
});

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

/** The envelope of an admin list page; its rows are the kind's. */
const pageEnvelopeProperties = {
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE_NUMBER },
  /** adminPageSizes as numbers (admin-records.test.ts checks they stay the same). */
  pageSize: { type: 'integer', enum: [5, 10, 25, 500], minimum: 5, maximum: MAX_PAGE_SIZE },
  /** The next page's cursor (the query's cursor), or null on the last page. */
  nextCursor: { anyOf: [listProperties.cursor, { type: 'null' }] },
} as const;

/** One page of an admin list (GET /admin/plots, /admin/contributions, ...): rows of one kind. */
const adminListPage = <const Id extends string, const Row extends object>(id: Id, row: Row) =>
  ({
    $id: id,
    type: 'object',
    required: ['items', 'page', 'pageSize', 'nextCursor'],
    additionalProperties: false,
    properties: { items: { type: 'array', maxItems: MAX_PAGE_SIZE, items: row }, ...pageEnvelopeProperties },
  }) as const satisfies JSONSchema;

export const adminPlotPageAnswerSchema = adminListPage('answer/admin-plot-page', plotObject);
export const adminContributionPageAnswerSchema = adminListPage(
  'answer/admin-contribution-page',
  adminContributionRowObject,
);
export const adminPayoutPageAnswerSchema = adminListPage('answer/admin-payout-page', adminPayoutRowObject);
export const adminCashoutPageAnswerSchema = adminListPage('answer/admin-cashout-page', adminCashoutRowObject);

/** GET /admin/contributions/{id}, /admin/payouts/{id}, /admin/cashouts/{id}: one row. */
export const adminContributionAnswerSchema = {
  $id: 'answer/admin-contribution',
  ...adminContributionRowObject,
} as const satisfies JSONSchema;
export const adminPayoutAnswerSchema = {
  $id: 'answer/admin-payout',
  ...adminPayoutRowObject,
} as const satisfies JSONSchema;
export const adminCashoutAnswerSchema = {
  $id: 'answer/admin-cashout',
  ...adminCashoutRowObject,
} as const satisfies JSONSchema;

export type AdminPlotRow = FromSchema<typeof plotObject>;
export type AdminContributionRow = FromSchema<typeof adminContributionRowObject>;
export type AdminPayoutRow = FromSchema<typeof adminPayoutRowObject>;
export type AdminCashoutRow = FromSchema<typeof adminCashoutRowObject>;
export type AdminPlotPage = FromSchema<typeof adminPlotPageAnswerSchema>;
export type AdminContributionPage = FromSchema<typeof adminContributionPageAnswerSchema>;
export type AdminPayoutPage = FromSchema<typeof adminPayoutPageAnswerSchema>;
export type AdminCashoutPage = FromSchema<typeof adminCashoutPageAnswerSchema>;
/** One page of any kind of row: the envelope of the schemas above around the kind's rows. */
export type AdminListPage<Row> = Omit<AdminPlotPage, 'items'> & { items: Row[] };

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
