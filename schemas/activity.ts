import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { instantSchema } from './common.ts';
import { plotTermFields } from './plot-terms.ts';

/*
 * The audit trail as the administrators read it (docs/contract.md, "Activity"): who changed what, when,
 * and the fields that changed as they were and as they became. The Logs screen lists an enabler's and
 * the administration's activity between two instants; a member's page lists that member's changes.
 * Both are paged by a cursor (the last entry's key), newest first: a day of a benefit run's payment may
 * hold tens of thousands of entries, which no count is worth reading.
 */

export const auditActions = ['CREATE', 'UPDATE', 'DELETE'] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * What was changed. MEMBER, PLOT and the money records are an enabler's (MEMBER's DELETE keeps its
 * totals and record counts); BENEFIT_RUN a run's upload and each administrator's step (its state and
 * the comment); USER an account (created, its name, role, activity, default federation, a forced
 * renewal, deleted); ENABLER an enabler's name and images; CONFIG a new config version of an enabler.
 */
export const auditedTypes = [
  'MEMBER',
  'PLOT',
  'CONTRIBUTION',
  'PAYOUT',
  'CASHOUT',
  'BENEFIT_RUN',
  'USER',
  'ENABLER',
  'CONFIG',
] as const;
export type AuditedType = (typeof auditedTypes)[number];

/** A record's fields as the audit keeps them: amounts in hundredths (`…Cents`), days, names, flags. */
export type AuditState = Record<string, string | number | boolean | null>;

/**
 * The fields each kind of record's audit entries keep (functions/src/data writes them), which the
 * Logs screen names in both languages. A member's deletion, an account's forced renewal and a run's
 * steps write their own few.
 */
export const auditedFields = {
  member: [
    'name',
    'village',
    'number',
    'federation',
    'gender',
    'phone',
    'bankName',
    'bankBranchName',
    'bankIFSC',
    'bankAccount',
    'onboardingDate',
  ],
  plot: ['name', ...plotTermFields, 'configVersion'],
  money: [
    'amountCents',
    'contributionDate',
    'payoutDate',
    'cashoutDate',
    'plotId',
    'protectionType',
    'assessmentId',
    'assessmentDate',
  ],
  user: ['username', 'role', 'active', 'defaultFederation'],
  enabler: ['name', 'logo', 'banner'],
  config: [
    'version',
    'currency',
    'maxCompensationFactor',
    'lengthOfSeasonInMonth',
    'lengthOfCoverageInMonth',
    'damageThreshold',
    'benefitFactorsByMonth',
  ],
} as const;

/** The kinds the Logs screen filters the activity by. */
export const auditKinds = ['members', 'money', 'runs', 'accounts', 'enablers'] as const;
export type AuditKind = (typeof auditKinds)[number];

const typesOfKind: Record<AuditKind, readonly AuditedType[]> = {
  members: ['MEMBER', 'PLOT'],
  money: ['CONTRIBUTION', 'PAYOUT', 'CASHOUT'],
  runs: ['BENEFIT_RUN'],
  accounts: ['USER'],
  enablers: ['ENABLER', 'CONFIG'],
};

export const auditedTypesOf = (kind: AuditKind): readonly AuditedType[] => typesOfKind[kind];

/** The entries one page of activity or history holds. */
export const activityPageSizes = ['10', '25', '50', '100'] as const;
const MAX_ACTIVITY_PAGE_SIZE = Math.max(...activityPageSizes.map(Number));

/** Where the next page starts: the key of the last entry shown (`<instant>#<uuid>`). */
const cursorParameter = {
  type: 'string',
  maxLength: 80,
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z#[0-9a-f-]{36}$',
} as const satisfies JSONSchema;

/** An instant in a query string: ISO 8601 with its time zone, as the screen sends it. */
const instantParameter = { ...instantSchema, maxLength: 40 } as const satisfies JSONSchema;

/** The longest span of one activity query: a quarter (its partitions are read by month). */
export const MAX_ACTIVITY_DAYS = 92;

/**
 * GET /admin/activity: the current enabler's and the administration's changes from `from` to `to`
 * (the screen sends the bounds of a day of its own time zone), of one kind or all.
 */
export const activityQuerySchema = {
  $id: 'query/admin-activity',
  type: 'object',
  required: ['from', 'to'],
  additionalProperties: false,
  properties: {
    from: instantParameter,
    to: instantParameter,
    kind: { type: 'string', enum: auditKinds },
    before: cursorParameter,
    pageSize: { type: 'string', enum: activityPageSizes },
  },
} as const satisfies JSONSchema;

/** GET /admin/members/{id}/history: the member's changes, newest first. */
export const memberHistoryQuerySchema = {
  $id: 'query/admin-member-history',
  type: 'object',
  additionalProperties: false,
  properties: { before: cursorParameter, pageSize: { type: 'string', enum: activityPageSizes } },
} as const satisfies JSONSchema;

const nullableText = { type: ['string', 'null'] } as const;
/**
 * The fields of a record an entry keeps (a member's deletion keeps the most: 11), each a value of the
 * record: the longest is a run's review comment.
 */
const stateObject = {
  type: ['object', 'null'],
  maxProperties: 13,
  additionalProperties: {
    anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }],
  },
} as const satisfies JSONSchema;

const activityEntryObject = {
  type: 'object',
  required: [
    'at',
    'action',
    'recordType',
    'recordId',
    'label',
    'enablerId',
    'enablerName',
    'memberId',
    'memberName',
    'memberNumber',
    'by',
    'byName',
    'before',
    'after',
  ],
  additionalProperties: false,
  properties: {
    at: instantSchema,
    action: { type: 'string', enum: auditActions },
    recordType: { type: 'string', enum: auditedTypes },
    /** The record's id (a user's e-mail; a config version's enabler). */
    recordId: { type: 'string' },
    /** What names the record (a plot's name, a user's name, an enabler's, a run's assessment). */
    label: nullableText,
    enablerId: nullableText,
    /** The enabler's name now (null: an account of the administration, or an enabler since deleted). */
    enablerName: nullableText,
    memberId: nullableText,
    /** The member's name and number now, or as the change left them for a member since removed. */
    memberName: nullableText,
    memberNumber: nullableText,
    /** Who made the change: the e-mail, and the account's name (now, or as it was then). */
    by: { type: 'string' },
    byName: nullableText,
    /** The fields that changed, as they were (null: created) and as they became (null: deleted). */
    before: stateObject,
    after: stateObject,
  },
} as const satisfies JSONSchema;

const activityPageOf = <const Id extends string>(id: Id) =>
  ({
    $id: id,
    type: 'object',
    required: ['entries', 'next'],
    additionalProperties: false,
    properties: {
      entries: { type: 'array', maxItems: MAX_ACTIVITY_PAGE_SIZE, items: activityEntryObject },
      /** The `before` of the next page; null when no older entry matches. */
      next: { anyOf: [cursorParameter, { type: 'null' }] },
    },
  }) as const satisfies JSONSchema;

export const activityAnswerSchema = activityPageOf('answer/admin-activity');
export const memberHistoryAnswerSchema = activityPageOf('answer/admin-member-history');

export type ActivityEntry = FromSchema<typeof activityEntryObject>;
export type ActivityPage = FromSchema<typeof activityAnswerSchema>;
