import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { protectionTypes } from './protection-types.ts';
import {
  amountSchema,
  answerAmountSchema,
  instantSchema,
  isoDaySchema,
  latitudeSchema,
  longitudeSchema,
  MAX_PAGE_NUMBER,
  MAX_PAGE_SIZE,
  optionalText,
  positiveAmountSchema,
  recordIdParameter,
  text,
  unixSecondsSchema,
} from './common.ts';

export const memberFieldsProperties = {
  name: text(120),
  village: text(120),
  number: text(40),
  federation: optionalText(100),
  /** true: female, false: male, null: unknown. */
  gender: { type: ['boolean', 'null'] },
  phone: optionalText(40),
  bankName: optionalText(120),
  bankBranchName: optionalText(120),
  bankIFSC: optionalText(40),
  bankAccount: optionalText(60),
} as const;

/** The duplicate-member rules of an enabler (ERR_DUPLICATE_MEMBER): a member's number, its name in its village. */
export const memberClaims = ['number', 'nameVillage'] as const;
export type MemberClaim = (typeof memberClaims)[number];

/** A rule another member of the enabler already holds, and that member. */
export interface DuplicateMatch {
  claim: MemberClaim;
  memberId: string;
}

/** ERR_DUPLICATE_MEMBER's details: every rule the new values break, each with the member holding it. */
export interface DuplicateMemberDetails {
  matches: DuplicateMatch[];
}

export const newMemberRequestSchema = {
  $id: 'request/new-member',
  type: 'object',
  required: ['name', 'village', 'number'],
  additionalProperties: false,
  properties: memberFieldsProperties,
} as const satisfies JSONSchema;

/**
 * A plot's own fields, with their one set of limits: the field agents' and the administrators' plot
 * bodies, the import file's plots and the plot forms read them here.
 */
export const plotFieldsProperties = {
  name: text(120),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  droughtMonthlyContrib: amountSchema,
  excessRainMonthlyContrib: amountSchema,
  cropDescription: optionalText(200),
  /** null: not known. */
  isIrrigated: { type: ['boolean', 'null'] },
} as const;

/** The config version a plot is under, as a plot and the import file name it. */
export const configVersionSchema = { type: 'integer', minimum: 1, maximum: 100_000 } as const;
/** A config version's id (a record id here; an imported one is kept as it came). */
export const configIdSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;

export const newPlotRequestSchema = {
  $id: 'request/new-plot',
  type: 'object',
  required: ['name', 'latitude', 'longitude'],
  additionalProperties: false,
  properties: {
    ...plotFieldsProperties,
    /** Unix seconds; today when absent. */
    startCoverageDate: unixSecondsSchema,
  },
} as const satisfies JSONSchema;

export const updatePlotRequestSchema = {
  $id: 'request/update-plot',
  type: 'object',
  required: ['name', 'latitude', 'longitude', 'droughtMonthlyContrib'],
  additionalProperties: false,
  properties: plotFieldsProperties,
} as const satisfies JSONSchema;

export const cashoutRequestSchema = {
  $id: 'request/cashout',
  type: 'object',
  required: ['amount'],
  additionalProperties: false,
  properties: { amount: positiveAmountSchema },
} as const satisfies JSONSchema;

export const contributeRequestSchema = {
  $id: 'request/contribute',
  type: 'object',
  required: ['amount'],
  additionalProperties: false,
  properties: {
    amount: positiveAmountSchema,
    protectionType: { type: 'string', enum: protectionTypes },
    /** The plot the contribution is for; the member's first plot when absent. */
    plotId: recordIdParameter,
  },
} as const satisfies JSONSchema;

/*
 * The answers of the members' calls (spec 3, Member, Plot, Contribution, Payout, Cashout): amounts are
 * decimal units of the enabler's currency; days 'YYYY-MM-DD', contribution and cashout dates instants.
 */
const recordId = { type: 'string', minLength: 1 } as const;
const nullableText = { type: ['string', 'null'] } as const;
const nullableDay = { type: ['string', 'null'], format: 'date' } as const;
const ownerProperties = {
  memberId: recordId,
  memberName: { type: 'string' },
  memberNumber: { type: 'string' },
} as const;

/** One row of GET /members. */
export const memberRowObject = {
  type: 'object',
  required: [
    'id',
    'name',
    'village',
    'number',
    'federation',
    'onboardingDate',
    'contributionTotal',
    'pendingBenefits',
    'plotCount',
    'lastContributionDate',
    'lastPayoutDate',
  ],
  additionalProperties: false,
  properties: {
    id: recordId,
    name: { type: 'string' },
    village: { type: 'string' },
    number: { type: 'string' },
    federation: nullableText,
    onboardingDate: isoDaySchema,
    contributionTotal: answerAmountSchema,
    /** Benefits computed and not paid yet. */
    pendingBenefits: answerAmountSchema,
    plotCount: { type: 'integer', minimum: 0 },
    /** What the list's period filters read: a device filters the rows it kept with them offline. */
    lastContributionDate: nullableDay,
    lastPayoutDate: nullableDay,
  },
} as const satisfies JSONSchema;

/** GET /members: one page of the list and the number of members the query matches. */
export const memberListAnswerSchema = {
  $id: 'answer/member-list',
  type: 'object',
  required: ['members', 'count', 'page', 'pageSize'],
  additionalProperties: false,
  properties: {
    members: { type: 'array', maxItems: MAX_PAGE_SIZE, items: memberRowObject },
    count: { type: 'integer', minimum: 0 },
    page: { type: 'integer', minimum: 1, maximum: MAX_PAGE_NUMBER },
    pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
  },
} as const satisfies JSONSchema;

/** A member's plot; its coverage dates follow from the config version it was created under. */
export const plotObject = {
  type: 'object',
  required: [
    'id',
    '_id',
    'name',
    'memberId',
    'memberName',
    'memberNumber',
    'latitude',
    'longitude',
    'cropDescription',
    'isIrrigated',
    'droughtMonthlyContrib',
    'excessRainMonthlyContrib',
    'startCoverageDate',
    'endOfSeasonDate',
    'endCoverageDate',
    'enablerConfig',
  ],
  additionalProperties: false,
  properties: {
    id: recordId,
    /** The same id, under the name the spec gives it too. */
    _id: recordId,
    name: { type: 'string' },
    ...ownerProperties,
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    cropDescription: nullableText,
    /** null: not known. */
    isIrrigated: { type: ['boolean', 'null'] },
    droughtMonthlyContrib: answerAmountSchema,
    excessRainMonthlyContrib: answerAmountSchema,
    startCoverageDate: isoDaySchema,
    endOfSeasonDate: isoDaySchema,
    endCoverageDate: isoDaySchema,
    enablerConfig: {
      anyOf: [
        {
          type: 'object',
          required: ['version', '_id'],
          additionalProperties: false,
          properties: { version: { type: 'integer', minimum: 1 }, _id: recordId },
        },
        { type: 'null' },
      ],
    },
  },
} as const satisfies JSONSchema;

/** GET and POST /members/{memberId}/plots/{plotId}: the plot (as saved, after an update). */
export const plotAnswerSchema = { $id: 'answer/plot', ...plotObject } as const satisfies JSONSchema;

export const contributionObject = {
  type: 'object',
  required: [
    'id',
    'memberId',
    'memberName',
    'memberNumber',
    'plotId',
    'plotName',
    'protectionType',
    'amount',
    'contributionDate',
  ],
  additionalProperties: false,
  properties: {
    id: recordId,
    ...ownerProperties,
    plotId: recordId,
    plotName: { type: 'string' },
    protectionType: { type: 'string', enum: protectionTypes },
    amount: answerAmountSchema,
    contributionDate: instantSchema,
  },
} as const satisfies JSONSchema;

/** POST /members/{id}/contribute: the contribution recorded. */
export const contributionAnswerSchema = {
  $id: 'answer/contribution',
  ...contributionObject,
} as const satisfies JSONSchema;

/** A benefit computed for a plot by an index assessment. */
export const payoutObject = {
  type: 'object',
  required: [
    'id',
    'memberId',
    'memberName',
    'memberNumber',
    'plotId',
    'plotName',
    'amount',
    'assessmentId',
    'assessmentDate',
    'payoutDate',
  ],
  additionalProperties: false,
  properties: {
    id: recordId,
    ...ownerProperties,
    plotId: recordId,
    plotName: { type: 'string' },
    amount: answerAmountSchema,
    assessmentId: { type: 'string' },
    assessmentDate: isoDaySchema,
    payoutDate: isoDaySchema,
  },
} as const satisfies JSONSchema;

/** A benefit paid to the member. */
export const cashoutObject = {
  type: 'object',
  required: ['id', 'memberId', 'memberName', 'memberNumber', 'amount', 'cashoutDate'],
  additionalProperties: false,
  properties: { id: recordId, ...ownerProperties, amount: answerAmountSchema, cashoutDate: instantSchema },
} as const satisfies JSONSchema;

/** POST /members/{id}/cashouts: the cashout recorded. */
export const cashoutAnswerSchema = { $id: 'answer/cashout', ...cashoutObject } as const satisfies JSONSchema;

/** GET /members/{id}: the member, its totals, plots (oldest first) and records (newest first). */
export const memberDetailAnswerSchema = {
  $id: 'answer/member',
  type: 'object',
  required: [
    'id',
    'name',
    'village',
    'number',
    'federation',
    'gender',
    'onboardingDate',
    'phone',
    'bankName',
    'bankBranchName',
    'bankIFSC',
    'bankAccount',
    'contributionTotal',
    'payoutTotal',
    'cashoutTotal',
    'cashoutBalance',
    'firstContributionDate',
    'firstPayoutDate',
    'plots',
    'contributions',
    'payouts',
    'cashouts',
  ],
  additionalProperties: false,
  properties: {
    id: recordId,
    name: { type: 'string' },
    village: { type: 'string' },
    number: { type: 'string' },
    federation: nullableText,
    /** true: female, false: male, null: unknown. */
    gender: { type: ['boolean', 'null'] },
    onboardingDate: isoDaySchema,
    phone: nullableText,
    bankName: nullableText,
    bankBranchName: nullableText,
    bankIFSC: nullableText,
    bankAccount: nullableText,
    contributionTotal: answerAmountSchema,
    payoutTotal: answerAmountSchema,
    cashoutTotal: answerAmountSchema,
    /** The pending benefit: benefits computed and not paid yet, never below 0. */
    cashoutBalance: { ...answerAmountSchema, minimum: 0 },
    firstContributionDate: nullableDay,
    firstPayoutDate: nullableDay,
    plots: { type: 'array', items: plotObject },
    contributions: { type: 'array', items: contributionObject },
    payouts: { type: 'array', items: payoutObject },
    cashouts: { type: 'array', items: cashoutObject },
  },
} as const satisfies JSONSchema;

export type MemberRowAnswer = FromSchema<typeof memberRowObject>;
export type MemberListAnswer = FromSchema<typeof memberListAnswerSchema>;
export type PlotAnswer = FromSchema<typeof plotObject>;
export type ContributionAnswer = FromSchema<typeof contributionObject>;
export type PayoutAnswer = FromSchema<typeof payoutObject>;
export type CashoutAnswer = FromSchema<typeof cashoutObject>;
export type MemberDetailAnswer = FromSchema<typeof memberDetailAnswerSchema>;
