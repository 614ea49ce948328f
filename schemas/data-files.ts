import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { emailSchema } from './accounts.ts';
import { assessmentIdSchema } from './admin-records.ts';
import { positiveAmountSchema, recordIdParameter } from './common.ts';
import { enablerConfigSchema, enablerRequestSchema, imageSchema } from './enablers.ts';
import {
  configIdSchema,
  configVersionSchema,
  memberFieldsProperties,
  plotFieldsProperties,
} from './members.ts';
import { protectionTypes } from './protection-types.ts';

/*
 * The files of the Data page (spec section 3, 'Enabler export shape'): members.json, enablers.json and
 * all.json are one shape, a list of enablers, each with its configs and members, each member with its
 * plots, contributions, payouts and cashouts; the full import takes any of them. The onboarding file is
 * a list of new members. Amounts are decimal amounts of the enabler's currency, as in the API. Every
 * list is bounded, so a file cannot grow without limit; the Data page shows these schemas.
 */

export const DATA_FILE_LIMITS = {
  enablers: 200,
  configsPerEnabler: 500,
  membersPerEnabler: 200_000,
  plotsPerMember: 50,
  contributionsPerMember: 2_000,
  payoutsPerMember: 500,
  cashoutsPerMember: 500,
  onboardingMembers: 100_000,
} as const;

const id = { ...recordIdParameter, description: 'Kept as is: importing the same file twice changes nothing' };
const isoDate = { type: 'string', format: 'date', description: 'YYYY-MM-DD' } as const;
const instant = { type: 'string', format: 'date-time', description: 'ISO 8601 date and time' } as const;
const positiveAmount = positiveAmountSchema;
// Who created or changed an enabler: a user's address, or the name of what wrote it (an import).
const email = { type: 'string', minLength: 1, maxLength: emailSchema.maxLength } as const;
// The enabler form's images (PNG or JPEG only: an SVG can carry script); null when an enabler has none.
const image = { ...imageSchema, type: ['string', 'null'] } as const;

const plotSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'latitude',
    'longitude',
    'droughtMonthlyContrib',
    'startCoverageDate',
    'endOfSeasonDate',
    'endCoverageDate',
  ],
  additionalProperties: false,
  properties: {
    id,
    ...plotFieldsProperties,
    startCoverageDate: isoDate,
    endOfSeasonDate: isoDate,
    endCoverageDate: isoDate,
    enablerConfig: {
      type: ['object', 'null'],
      required: ['version', '_id'],
      additionalProperties: false,
      properties: { version: configVersionSchema, _id: configIdSchema },
    },
  },
} as const satisfies JSONSchema;

const contributionSchema = {
  type: 'object',
  required: ['id', 'plotId', 'amount', 'protectionType', 'contributionDate'],
  additionalProperties: false,
  properties: {
    id,
    plotId: { ...id, description: "One of the member's plots" },
    amount: positiveAmount,
    protectionType: { type: 'string', enum: protectionTypes },
    contributionDate: instant,
  },
} as const satisfies JSONSchema;

const payoutSchema = {
  type: 'object',
  required: ['id', 'plotId', 'amount', 'assessmentId', 'assessmentDate', 'payoutDate'],
  additionalProperties: false,
  properties: {
    id,
    plotId: { ...id, description: "One of the member's plots" },
    amount: positiveAmount,
    assessmentId: { ...assessmentIdSchema, description: 'The campaign' },
    assessmentDate: isoDate,
    payoutDate: isoDate,
  },
} as const satisfies JSONSchema;

const cashoutSchema = {
  type: 'object',
  required: ['id', 'amount', 'cashoutDate'],
  additionalProperties: false,
  properties: { id, amount: positiveAmount, cashoutDate: instant },
} as const satisfies JSONSchema;

export const exportedMemberSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'village',
    'number',
    'onboardingDate',
    'plots',
    'contributions',
    'payouts',
    'cashouts',
  ],
  additionalProperties: false,
  properties: {
    id,
    ...memberFieldsProperties,
    onboardingDate: isoDate,
    plots: { type: 'array', maxItems: DATA_FILE_LIMITS.plotsPerMember, items: plotSchema },
    contributions: {
      type: 'array',
      maxItems: DATA_FILE_LIMITS.contributionsPerMember,
      items: contributionSchema,
    },
    payouts: { type: 'array', maxItems: DATA_FILE_LIMITS.payoutsPerMember, items: payoutSchema },
    cashouts: { type: 'array', maxItems: DATA_FILE_LIMITS.cashoutsPerMember, items: cashoutSchema },
  },
} as const satisfies JSONSchema;

const exportedConfigSchema = {
  type: 'object',
  required: [...enablerConfigSchema.required, '_id', 'version', 'creationDate'],
  additionalProperties: false,
  properties: {
    _id: configIdSchema,
    version: configVersionSchema,
    ...enablerConfigSchema.properties,
    creationDate: instant,
  },
} as const satisfies JSONSchema;

/** One enabler of an export: spec section 3's shape, with its logo and banner. */
export const exportedEnablerSchema = {
  type: 'object',
  required: ['_id', 'name', 'creationDate', 'createdBy', 'configs', 'members'],
  additionalProperties: false,
  properties: {
    _id: id,
    name: enablerRequestSchema.properties.name,
    logo: image,
    banner: image,
    creationDate: instant,
    createdBy: email,
    modificationDate: instant,
    modifiedBy: email,
    configs: {
      type: 'array',
      maxItems: DATA_FILE_LIMITS.configsPerEnabler,
      items: exportedConfigSchema,
      description: 'Versions 1, 2, 3… in order',
    },
    members: { type: 'array', maxItems: DATA_FILE_LIMITS.membersPerEnabler, items: exportedMemberSchema },
  },
} as const satisfies JSONSchema;

/** members.json, enablers.json, all.json, and the file of the full import. */
export const dataFileSchema = {
  $id: 'file/data',
  title: 'Export and import file',
  type: 'array',
  maxItems: DATA_FILE_LIMITS.enablers,
  items: exportedEnablerSchema,
} as const satisfies JSONSchema;

/** A member of the onboarding file: created in the administrator's current enabler. */
export const onboardingMemberSchema = {
  type: 'object',
  required: ['name', 'village', 'number'],
  additionalProperties: false,
  properties: {
    ...memberFieldsProperties,
    onboardingDate: { ...isoDate, description: 'YYYY-MM-DD; the import day when absent' },
  },
} as const satisfies JSONSchema;

/** The onboarding file: members to create. */
export const onboardingFileSchema = {
  $id: 'file/onboarding',
  title: 'Onboarding file',
  type: 'array',
  maxItems: DATA_FILE_LIMITS.onboardingMembers,
  items: onboardingMemberSchema,
} as const satisfies JSONSchema;

export type DataFile = FromSchema<typeof dataFileSchema>;
export type ExportedEnabler = DataFile[number];
export type ExportedMember = ExportedEnabler['members'][number];
export type ExportedConfig = ExportedEnabler['configs'][number];
export type OnboardingFile = FromSchema<typeof onboardingFileSchema>;
export type OnboardingMember = OnboardingFile[number];

/** The import calls: the file itself (small files), or an upload made through POST /imports/uploads. */
export const importRequestSchema = {
  $id: 'request/import',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 1,
  properties: {
    // Checked against its own schema by the handler, which lists every problem with a count.
    file: {
      type: 'array',
      maxItems: Math.max(DATA_FILE_LIMITS.enablers, DATA_FILE_LIMITS.onboardingMembers),
      items: {},
    },
    upload: { type: 'string', maxLength: 36, pattern: '^[0-9a-f-]{36}$' },
  },
} as const satisfies JSONSchema;

/** The data jobs' path parameter. */
export const jobIdParameter = {
  type: 'string',
  maxLength: 36,
  pattern: '^[0-9a-f-]{36}$',
} as const satisfies JSONSchema;
