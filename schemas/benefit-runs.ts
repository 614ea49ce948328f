import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import {
  amountSchema,
  answerAmountSchema,
  dayParameter,
  instantSchema,
  isoDaySchema,
  recordIdParameter,
  text,
} from './common.ts';
import { assessmentIdSchema } from './admin-records.ts';
import type { ErrorCode } from './error-catalogue.ts';

/*
 * Benefit runs (docs/contract.md, "Benefit runs"): an administrator uploads an index assessment, a job
 * previews what it pays, another administrator approves it, and a job pays it. The assessment file's
 * shape is shown on the upload screen (en, fr) from this schema; a CSV file is read into the same shape
 * before it is checked. Amounts travel as decimal amounts of the enabler's currency, as everywhere in
 * the API, and are kept in hundredths.
 */

/** Bounds of an assessment file: a file is at most this large, and names at most so many rows. */
export const ASSESSMENT_LIMITS = {
  fileBytes: 20 * 1024 * 1024,
  rows: 200_000,
  /** Problems listed when a file is refused (all are counted). */
  problems: 100,
} as const;

/**
 * A benefit run's assessment reference: a payout's (the campaign its payouts report on), narrowed to what
 * a run's file names and its files' keys may hold.
 */
export const runAssessmentIdSchema = {
  ...assessmentIdSchema,
  maxLength: 64,
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
  description: 'The assessment reference (letters, digits, ".", "_", "-"): the campaign of its payouts',
} as const satisfies JSONSchema;

const areaName = { ...text(120), description: "A member's federation or village, as recorded" } as const;

/**
 * Columns a list of the covered plots (POST /admin/benefit-runs/covered-plots) carries beside the
 * assessment's, to help fill it in: read and set aside by the upload, so a filled-in list uploads as it is.
 */
export const assessmentNoteColumns = [
  'memberFederation',
  'memberVillage',
  'memberName',
  'memberNumber',
  'plotName',
  'crop',
] as const;
/** The longest text of a note column. */
export const ASSESSMENT_NOTE_MAX_LENGTH = 200;
const noteText = {
  type: 'string',
  maxLength: ASSESSMENT_NOTE_MAX_LENGTH,
  description: 'A note of a list of the covered plots, set aside by the upload',
} as const;

/**
 * One row of an assessment: a plot (plotId) with its damageIndex or a benefitAmount, or an area (a
 * federation, a village, or a village of a federation) with its damageIndex, which stands for every
 * plot of the enabler covered on the assessment date there. A plot row with neither (null or absent: a
 * row of a list of the covered plots left blank) is not assessed: the run sets it aside. Which fields go
 * together is checked after the schema (domain/assessment-file.ts), to say it in one sentence per row.
 */
export const assessmentRowSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    plotId: { ...recordIdParameter, description: 'A plot of the enabler' },
    federation: areaName,
    village: areaName,
    damageIndex: {
      type: ['number', 'null'],
      minimum: 0,
      maximum: 1,
      description: 'The damage index of the plot or area, from 0 (none) to 1 (total loss)',
    },
    benefitAmount: {
      ...amountSchema,
      type: ['number', 'null'],
      description: "A plot's benefit given as an amount of the enabler's currency (two decimals at most)",
    },
    ...(Object.fromEntries(assessmentNoteColumns.map((column) => [column, noteText])) as {
      [Column in (typeof assessmentNoteColumns)[number]]: typeof noteText;
    }),
  },
} as const satisfies JSONSchema;

/** An assessment file in JSON; a CSV file has one row per line (see assessmentCsvColumns). */
export const assessmentFileSchema = {
  $id: 'file/benefit-assessment',
  type: 'object',
  required: ['assessmentId', 'assessmentDate', 'rows'],
  additionalProperties: false,
  properties: {
    assessmentId: runAssessmentIdSchema,
    assessmentDate: { ...isoDaySchema, description: 'YYYY-MM-DD: the day the index was assessed' },
    rows: { type: 'array', minItems: 1, maxItems: ASSESSMENT_LIMITS.rows, items: assessmentRowSchema },
  },
} as const satisfies JSONSchema;

/**
 * The columns of an assessment in CSV, named by the header line in any order: every line carries the
 * assessment's id and date (the same on every line) and one row. Separated by commas, or by semicolons
 * (then a decimal comma is read too: 0,45).
 */
export const assessmentCsvColumns = [
  'assessmentId',
  'assessmentDate',
  'plotId',
  'federation',
  'village',
  'damageIndex',
  'benefitAmount',
] as const;

export const assessmentFormats = ['csv', 'json'] as const;

export type AssessmentFile = FromSchema<typeof assessmentFileSchema>;

/** Whether a row is assessed: an area row always (its damageIndex is required), a plot row with an index or an amount. */
export const isAssessedRow = (row: AssessmentRow): boolean =>
  row.plotId === undefined ||
  (row.damageIndex !== undefined && row.damageIndex !== null) ||
  (row.benefitAmount !== undefined && row.benefitAmount !== null);
export type AssessmentRow = FromSchema<typeof assessmentRowSchema>;
export type AssessmentFormat = (typeof assessmentFormats)[number];

/*
 * A run's life. PREVIEWING (the preview job runs) → PENDING_APPROVAL → APPROVED (by another
 * administrator; the payment is queued) → PAYING → PAID. REJECTED by another administrator, or
 * CANCELLED by any before approval, a run ends there. FAILED: its preview or payment failed at its
 * last delivery; resuming it goes back to where it failed.
 */
export const benefitRunStates = [
  'PREVIEWING',
  'PENDING_APPROVAL',
  'APPROVED',
  'PAYING',
  'PAID',
  'REJECTED',
  'CANCELLED',
  'FAILED',
] as const;
export type BenefitRunState = (typeof benefitRunStates)[number];

/** Where a failed run failed: its preview or its payment (resuming goes back there). */
export const benefitRunFailures = ['PREVIEW', 'PAYMENT'] as const;
export type BenefitRunFailure = (typeof benefitRunFailures)[number];

/** What an administrator may ask of a run (each is a POST /admin/benefit-runs/{id}/<action>). */
export const benefitRunActions = ['approve', 'reject', 'cancel', 'resume', 'preview', 'reverse'] as const;
export type BenefitRunAction = (typeof benefitRunActions)[number];

/** A run's state, a FAILED run told by where it failed: what the table of actions is keyed by. */
export type BenefitRunStage = Exclude<BenefitRunState, 'FAILED'> | `FAILED_${BenefitRunFailure}`;

/**
 * The one table of a run's actions, which the API checks and the run's screen offers: reviewed
 * (approved, rejected) or previewed again once previewed; cancelled before its approval; resumed when
 * it failed, or while a job works on it (its message may have been lost: a second delivery of a step
 * is harmless); reversed once paid (a payment run not reversed yet: reversalAllowed).
 */
export const benefitRunActionsByStage: Record<BenefitRunStage, readonly BenefitRunAction[]> = {
  PREVIEWING: ['cancel', 'resume'],
  PENDING_APPROVAL: ['approve', 'reject', 'preview', 'cancel'],
  APPROVED: ['resume'],
  PAYING: ['resume'],
  PAID: ['reverse'],
  REJECTED: [],
  CANCELLED: [],
  FAILED_PREVIEW: ['resume', 'cancel'],
  FAILED_PAYMENT: ['resume'],
};

/** The states in which a job works on the run: its preview, or its payment (APPROVED until its first step). */
export const benefitRunStatesAtWork = [
  'PREVIEWING',
  'APPROVED',
  'PAYING',
] as const satisfies readonly BenefitRunState[];

export const benefitRunStageOf = (
  state: BenefitRunState,
  failedIn: BenefitRunFailure | null,
): BenefitRunStage => (state === 'FAILED' ? `FAILED_${failedIn ?? 'PAYMENT'}` : state);

/** What a run is for: paying an assessment, or taking back what a paid run paid. */
export const benefitRunKinds = ['PAYMENT', 'REVERSAL'] as const;
export type BenefitRunKind = (typeof benefitRunKinds)[number];

/** A run as the table of actions reads it. */
export interface RunStanding {
  state: BenefitRunState;
  failedIn: BenefitRunFailure | null;
  kind: BenefitRunKind;
  /** The reversal run of a paid run, once one was made (another is not). */
  reversedBy: string | null;
  /** The plots its payment paid (a run that paid none has nothing to reverse). */
  paidPlots: number;
}

/** Whether a run allows an action now: the table's, a reversal only of a payment run that paid and is not reversed yet. */
export const benefitRunAllows = (run: RunStanding, action: BenefitRunAction): boolean =>
  benefitRunActionsByStage[benefitRunStageOf(run.state, run.failedIn)].includes(action) &&
  (action !== 'reverse' || (run.kind === 'PAYMENT' && run.reversedBy === null && run.paidPlots > 0));

/** Whether a job works on the run now (the screen follows its progress). */
export const benefitRunAtWork = (state: BenefitRunState): boolean =>
  (benefitRunStatesAtWork as readonly BenefitRunState[]).includes(state);

/**
 * Where resuming takes a run: a FAILED one back to its preview or its payment; one at work stays where
 * it is and has its step queued again.
 */
export const resumedBenefitRunState = (run: Pick<RunStanding, 'state' | 'failedIn'>): BenefitRunState =>
  run.state === 'FAILED' ? (run.failedIn === 'PREVIEW' ? 'PREVIEWING' : 'PAYING') : run.state;

/**
 * Why a row pays nothing: the plot is unknown, another enabler's, not covered on the assessment date
 * or without its config version; already paid for this assessment (by a run or a recorded payout); a
 * given amount above the plot's Maximum, or with fractions of the currency's unit (kept as given, not
 * paid); nothing to pay (index under the threshold, month past the factors, no season contributions);
 * a plot already named by an earlier row; an area with no covered plot. A reversal's row: its payout
 * is gone (deleted, or its claim moved), or the member's pending benefit is below it (paid out in cash
 * already: what was handed out is not taken back by a run).
 */
export const benefitRowRefusals = [
  'UNKNOWN_PLOT',
  'OTHER_ENABLER_PLOT',
  'NOT_COVERED',
  'NO_CONFIG',
  'ALREADY_PAID',
  'ABOVE_MAXIMUM',
  'NOT_CURRENCY_UNIT',
  'ZERO_BENEFIT',
  'DUPLICATE_ROW',
  'NO_COVERED_PLOT',
  'PAYOUT_GONE',
  'PENDING_TOO_LOW',
] as const;
export type BenefitRowRefusal = (typeof benefitRowRefusals)[number];

export const benefitRowStatuses = ['ACCEPTED', 'REFUSED'] as const;

/** Two members who may be one beneficiary: the same bank account, the same phone, near-identical names in one village. */
export const duplicateKinds = ['BANK_ACCOUNT', 'PHONE', 'SIMILAR_NAMES'] as const;

/**
 * Why an accepted row was not paid when the run paid: paid meanwhile for the assessment, or its plot or
 * member gone; a reversal's row: its payout gone, or the pending benefit paid out meanwhile.
 */
export const benefitPayFailures = [
  'ALREADY_PAID',
  'PLOT_OR_MEMBER_GONE',
  'PAYOUT_GONE',
  'PENDING_TOO_LOW',
] as const;

/** The files a run gives to download. */
export const benefitRunFileKinds = ['PREVIEW', 'DUPLICATES', 'BANK', 'CASH'] as const;

const runId = { type: 'string', maxLength: 36, pattern: '^[0-9a-f-]{36}$' } as const;
const nullableRunId = { anyOf: [runId, { type: 'null' }] } as const;

/** Path parameters: a run, and one of its files. */
export const benefitRunIdParameter = runId;
/** A run's file: preview, duplicates, bank-1, bank-2…, cash (the run lists those it has). */
export const benefitRunFileParameter = {
  type: 'string',
  maxLength: 16,
  pattern: '^[a-z0-9-]+$',
} as const satisfies JSONSchema;

/** POST /admin/benefit-runs: the upload (POST /admin/benefit-runs/uploads, then PUT) and its format. */
export const benefitRunStartRequestSchema = {
  $id: 'request/benefit-run-start',
  type: 'object',
  required: ['upload', 'format'],
  additionalProperties: false,
  properties: {
    upload: runId,
    format: { type: 'string', enum: assessmentFormats },
    /** The file's name as the administrator picked it, shown on the run. */
    fileName: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const satisfies JSONSchema;

/** The longest comment of a run's step. */
export const BENEFIT_RUN_COMMENT_MAX_LENGTH = 1000;

/**
 * Approve and reject: the reviewer's comment, and the preview the reviewer saw (its computedAt): a run
 * previewed again since is refused (ERR_CONFLICT), so nobody approves a preview they did not see.
 */
export const benefitRunReviewRequestSchema = {
  $id: 'request/benefit-run-review',
  type: 'object',
  required: ['comment', 'previewComputedAt'],
  additionalProperties: false,
  properties: {
    comment: text(BENEFIT_RUN_COMMENT_MAX_LENGTH),
    // An instant as the run's preview gave it (ISO 8601, 24 characters).
    previewComputedAt: { ...instantSchema, maxLength: 40 },
  },
} as const satisfies JSONSchema;

/** Cancel: a comment if the administrator gives one. */
export const benefitRunCancelRequestSchema = {
  $id: 'request/benefit-run-cancel',
  type: 'object',
  additionalProperties: false,
  properties: { comment: text(BENEFIT_RUN_COMMENT_MAX_LENGTH) },
} as const satisfies JSONSchema;

/*
 * Answers.
 */

const nullableText = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;

/** A step of the run's review: who, when, and the comment. */
const reviewObject = {
  type: ['object', 'null'],
  required: ['by', 'at', 'comment'],
  additionalProperties: false,
  properties: { by: { type: 'string' }, at: instantSchema, comment: nullableText },
} as const satisfies JSONSchema;

const countsObject = {
  type: 'object',
  required: ['plots', 'members', 'amount'],
  additionalProperties: false,
  properties: {
    plots: { type: 'integer', minimum: 0 },
    members: { type: 'integer', minimum: 0 },
    amount: answerAmountSchema,
  },
} as const satisfies JSONSchema;

/** What the preview found: the accepted plots, members and amount, the same per federation, refusals and duplicates. */
const previewObject = {
  type: ['object', 'null'],
  required: [
    'rows',
    'accepted',
    'refused',
    'refusedByReason',
    'perFederation',
    'duplicates',
    'computedAt',
    'ruleVersion',
  ],
  additionalProperties: false,
  properties: {
    /** The benefit rule's version it was valued under (schemas/benefit-rule.ts); another is previewed again. */
    ruleVersion: { type: 'integer', minimum: 1 },
    /** Rows after areas are expanded to their plots (and the area rows that found none). */
    rows: { type: 'integer', minimum: 0 },
    accepted: countsObject,
    refused: { type: 'integer', minimum: 0 },
    refusedByReason: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(
        benefitRowRefusals.map((reason) => [reason, { type: 'integer', minimum: 1 }]),
      ) as { [Reason in BenefitRowRefusal]: { type: 'integer'; minimum: 1 } },
    },
    perFederation: {
      type: 'array',
      items: {
        ...countsObject,
        required: [...countsObject.required, 'federation'],
        properties: { ...countsObject.properties, federation: nullableText },
      },
    },
    /** Members named in a group of possible duplicates (GET …/duplicates lists them). */
    duplicates: { type: 'integer', minimum: 0 },
    computedAt: instantSchema,
  },
} as const satisfies JSONSchema;

/** What the payment did: payouts written, and the accepted rows it could not pay, with why. */
const paymentObject = {
  type: ['object', 'null'],
  required: ['paid', 'notPaid', 'notPaidByReason', 'paidAt'],
  additionalProperties: false,
  properties: {
    paid: countsObject,
    notPaid: { type: 'integer', minimum: 0 },
    notPaidByReason: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(
        benefitPayFailures.map((reason) => [reason, { type: 'integer', minimum: 1 }]),
      ) as { [Reason in (typeof benefitPayFailures)[number]]: { type: 'integer'; minimum: 1 } },
    },
    paidAt: instantSchema,
  },
} as const satisfies JSONSchema;

const fileObject = {
  type: 'object',
  required: ['id', 'kind', 'fileName', 'bankName', 'members', 'amount'],
  additionalProperties: false,
  properties: {
    /** The {file} of GET /admin/benefit-runs/{id}/files/{file}. */
    id: benefitRunFileParameter,
    kind: { type: 'string', enum: benefitRunFileKinds },
    fileName: { type: 'string', minLength: 1 },
    /** The bank of a BANK file. */
    bankName: nullableText,
    /** Members listed and the amount they are paid (payment files); null for the preview's files. */
    members: nullableInteger,
    amount: nullableNumber,
  },
} as const satisfies JSONSchema;

const benefitRunObject = {
  type: 'object',
  required: [
    'id',
    'state',
    'assessmentId',
    'assessmentDate',
    'fileName',
    'fileRows',
    'unassessedRows',
    'currency',
    'createdBy',
    'createdAt',
    'updatedAt',
    'progress',
    'preview',
    'kind',
    'reverses',
    'reversedBy',
    'review',
    'cancellation',
    'payment',
    'failure',
    'files',
  ],
  additionalProperties: false,
  properties: {
    id: runId,
    state: { type: 'string', enum: benefitRunStates },
    assessmentId: { type: 'string' },
    assessmentDate: isoDaySchema,
    fileName: nullableText,
    /** Rows of the file as uploaded. */
    fileRows: { type: 'integer', minimum: 1 },
    /** Of them, plot rows left without a damageIndex or a benefitAmount (a list of the covered plots' blanks): set aside. */
    unassessedRows: { type: 'integer', minimum: 0 },
    /** The enabler's currency (its latest config's), for the amounts. */
    currency: nullableText,
    createdBy: { type: 'string' },
    createdAt: instantSchema,
    updatedAt: instantSchema,
    /** The job at work: the preview's plots examined, or the payment's rows done, of the total. */
    progress: {
      type: ['object', 'null'],
      required: ['done', 'total'],
      additionalProperties: false,
      properties: { done: { type: 'integer', minimum: 0 }, total: { type: 'integer', minimum: 0 } },
    },
    preview: previewObject,
    kind: { type: 'string', enum: benefitRunKinds },
    /** A reversal: the paid run whose payouts it takes back. */
    reverses: nullableRunId,
    /** A paid run: its reversal run, once one was made. */
    reversedBy: nullableRunId,
    /** APPROVED or REJECTED: by whom, when, why. */
    review: {
      ...reviewObject,
      required: [...reviewObject.required, 'decision'],
      properties: {
        ...reviewObject.properties,
        decision: { type: 'string', enum: ['APPROVED', 'REJECTED'] },
      },
    },
    cancellation: reviewObject,
    payment: paymentObject,
    /** A FAILED run: what failed and when (resuming goes back there). */
    failure: {
      type: ['object', 'null'],
      required: ['in', 'at'],
      additionalProperties: false,
      properties: { in: { type: 'string', enum: benefitRunFailures }, at: instantSchema },
    },
    files: { type: 'array', items: fileObject },
  },
} as const satisfies JSONSchema;

/** GET /admin/benefit-runs/{id}, and every call that moves a run: the run. */
export const benefitRunAnswerSchema = {
  $id: 'answer/benefit-run',
  type: 'object',
  required: ['run'],
  additionalProperties: false,
  properties: {
    run: benefitRunObject,
    /**
     * GET of a run awaiting its review only: whether the caller brought its uploader in, or was brought
     * in by them (created or made administrator, directly or through other accounts), and so may not
     * review it (ERR_BENEFIT_RUN_LINKED_REVIEW).
     */
    linkedToUploader: { type: 'boolean' },
  },
} as const satisfies JSONSchema;

/** GET /admin/benefit-runs: the current enabler's runs, newest first. */
export const benefitRunListAnswerSchema = {
  $id: 'answer/benefit-run-list',
  type: 'object',
  required: ['runs'],
  additionalProperties: false,
  properties: { runs: { type: 'array', items: benefitRunObject } },
} as const satisfies JSONSchema;

/**
 * A preview row's fields: its answer's, and the columns of its CSV download, in the rule's order (the
 * plot's Maximum × the month's factor × the index × the paid share = the benefit), then the payee's
 * bank details as the preview read them, which the payment pays.
 */
export const benefitRowColumns = [
  'row',
  'plotId',
  'plotName',
  'memberId',
  'memberName',
  'memberNumber',
  'village',
  'federation',
  'maximum',
  'month',
  'factor',
  'damageIndex',
  'seasonContributions',
  'contributionsDue',
  'paidShare',
  'givenAmount',
  'benefit',
  'status',
  'reason',
  'bankName',
  'bankBranchName',
  'bankIFSC',
  'bankAccount',
] as const;

const benefitRowObject = {
  type: 'object',
  required: [...benefitRowColumns, 'bankChanged'],
  additionalProperties: false,
  properties: {
    /** The payee's bank details now differ from those the preview read: previewed again before its review. */
    bankChanged: { type: 'boolean' },
    bankName: nullableText,
    bankBranchName: nullableText,
    bankIFSC: nullableText,
    bankAccount: nullableText,
    /** The file's row (1-based; a CSV file's line is row + 1). */
    row: { type: 'integer', minimum: 1 },
    /** Null for an area row that found no plot. */
    plotId: nullableText,
    plotName: nullableText,
    memberId: nullableText,
    memberName: nullableText,
    memberNumber: nullableText,
    village: nullableText,
    federation: nullableText,
    /** The plot's cover: its drought monthly contribution ÷ maxCompensationFactor (its config version's). */
    maximum: nullableNumber,
    /** The month of cover on the assessment date (1 for the first, as the config numbers its factors), and its factor (null past the factors). */
    month: nullableInteger,
    factor: nullableNumber,
    damageIndex: nullableNumber,
    /** The plot's drought contributions from its coverage start to the assessment date. */
    seasonContributions: nullableNumber,
    /** The monthly contribution × the months of cover begun by the assessment date. */
    contributionsDue: nullableNumber,
    /** Season contributions ÷ contributions due, at most 1. */
    paidShare: nullableNumber,
    /** A row's benefitAmount, as given. */
    givenAmount: nullableNumber,
    /** What the row pays if the run is approved (0 when refused). */
    benefit: answerAmountSchema,
    status: { type: 'string', enum: benefitRowStatuses },
    reason: { type: ['string', 'null'], enum: [...benefitRowRefusals, null] },
  },
} as const satisfies JSONSchema;

/** A possible duplicate's fields: its answer's, and the columns of its CSV download. */
export const duplicateColumns = [
  'group',
  'kind',
  'value',
  'memberId',
  'memberName',
  'memberNumber',
  'village',
  'federation',
  'phone',
  'bankAccount',
  'benefit',
] as const;

const duplicateObject = {
  type: 'object',
  required: duplicateColumns,
  additionalProperties: false,
  properties: {
    /** Members of one group share `value` (an account, a phone) or have near-identical names in `value` (a village). */
    group: { type: 'integer', minimum: 1 },
    kind: { type: 'string', enum: duplicateKinds },
    value: { type: 'string' },
    memberId: { type: 'string' },
    memberName: { type: 'string' },
    memberNumber: { type: 'string' },
    village: { type: 'string' },
    federation: nullableText,
    phone: nullableText,
    bankAccount: nullableText,
    /** What the run pays the member. */
    benefit: answerAmountSchema,
  },
} as const satisfies JSONSchema;

const pageOf = <const Id extends string, const Row extends object>(id: Id, row: Row) =>
  ({
    $id: id,
    type: 'object',
    required: ['items', 'page', 'pageSize', 'count', 'total'],
    additionalProperties: false,
    properties: {
      items: { type: 'array', items: row },
      page: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', enum: [5, 10, 25, 500] },
      /** Rows that match the filters; `total` without them. */
      count: { type: 'integer', minimum: 0 },
      total: { type: 'integer', minimum: 0 },
    },
  }) as const satisfies JSONSchema;

export const benefitRowPageAnswerSchema = pageOf('answer/benefit-row-page', benefitRowObject);
export const duplicatePageAnswerSchema = pageOf('answer/benefit-duplicate-page', duplicateObject);

/** GET /admin/benefit-runs/{id}/files/{file}: a short-lived link that downloads it. */
export const benefitRunFileAnswerSchema = {
  $id: 'answer/benefit-run-file',
  type: 'object',
  required: ['url', 'fileName'],
  additionalProperties: false,
  properties: { url: { type: 'string', format: 'uri' }, fileName: { type: 'string', minLength: 1 } },
} as const satisfies JSONSchema;

/**
 * POST /admin/benefit-runs/covered-plots: the plots of the current enabler covered on the assessment's
 * date, of a federation or a village if given (as areas match: no case, accents or extra spaces), as an
 * assessment file of that reference and date to fill in (assessmentNoteColumns beside its columns, the
 * damage left blank).
 */
export const coveredPlotsRequestSchema = {
  $id: 'request/benefit-covered-plots',
  type: 'object',
  required: ['assessmentId', 'assessmentDate', 'format'],
  additionalProperties: false,
  properties: {
    assessmentId: runAssessmentIdSchema,
    assessmentDate: { ...dayParameter, description: 'YYYY-MM-DD: the plots covered that day' },
    format: { type: 'string', enum: assessmentFormats },
    federation: areaName,
    village: areaName,
  },
} as const satisfies JSONSchema;

/** The list's short-lived download link, its file name and how many plots it lists. */
export const coveredPlotsAnswerSchema = {
  $id: 'answer/benefit-covered-plots',
  type: 'object',
  required: ['url', 'fileName', 'plots'],
  additionalProperties: false,
  properties: {
    url: { type: 'string', format: 'uri' },
    fileName: { type: 'string', minLength: 1 },
    plots: { type: 'integer', minimum: 0 },
  },
} as const satisfies JSONSchema;

export type CoveredPlotsRequest = FromSchema<typeof coveredPlotsRequestSchema>;
export type CoveredPlotsAnswer = FromSchema<typeof coveredPlotsAnswerSchema>;

/**
 * One problem of a refused assessment file: its row (null: the whole file), its CSV line, the field or
 * column, a code of the error catalogue (ERR_ASSESSMENT_…) whose texts say what is expected, the value
 * as the file gives it (cut to 40 characters) and, where the code needs one, what was expected instead.
 */
export const assessmentProblemObject = {
  type: 'object',
  required: ['row', 'line', 'where', 'code', 'value', 'expected', 'message'],
  additionalProperties: false,
  properties: {
    row: nullableInteger,
    line: nullableInteger,
    where: { type: 'string' },
    code: { type: 'string', pattern: '^ERR_ASSESSMENT_' },
    value: nullableText,
    expected: nullableText,
    /** The catalogue's English message of the code. */
    message: { type: 'string' },
  },
} as const satisfies JSONSchema;

export type BenefitRunAnswer = FromSchema<typeof benefitRunAnswerSchema>;
export type BenefitRunView = BenefitRunAnswer['run'];
export type BenefitRunListAnswer = FromSchema<typeof benefitRunListAnswerSchema>;
export type BenefitRowView = FromSchema<typeof benefitRowObject>;
export type DuplicateView = FromSchema<typeof duplicateObject>;
export type BenefitRowPage = FromSchema<typeof benefitRowPageAnswerSchema>;
export type DuplicatePage = FromSchema<typeof duplicatePageAnswerSchema>;
export type BenefitRunFileAnswer = FromSchema<typeof benefitRunFileAnswerSchema>;
export type AssessmentProblem = Omit<FromSchema<typeof assessmentProblemObject>, 'code'> & {
  code: Extract<ErrorCode, `ERR_ASSESSMENT_${string}`>;
};
export type BenefitRunFileKind = (typeof benefitRunFileKinds)[number];
export type DuplicateKind = (typeof duplicateKinds)[number];
export type BenefitPayFailure = (typeof benefitPayFailures)[number];
