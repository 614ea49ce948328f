import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { instantSchema, isoDaySchema, listAnswerSchema } from './common.ts';

/** Largest logo or banner, decoded (spec section 9: 30 KB). */
export const MAX_IMAGE_BYTES = 30 * 1024;

/**
 * Images travel as data URLs, PNG or JPEG only (an SVG can carry script); the size and the bytes'
 * type are checked on the decoded bytes (see enablerImagesProblem).
 */
export const imageSchema = {
  type: 'string',
  // The data URL of the largest image: the longer prefix (JPEG's), then 4 characters per 3 bytes.
  maxLength: 'data:image/jpeg;base64,'.length + Math.ceil(MAX_IMAGE_BYTES / 3) * 4,
  pattern: '^data:image/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$',
} as const satisfies JSONSchema;

export const enablerRequestSchema = {
  $id: 'request/enabler',
  type: 'object',
  required: ['name', 'logo', 'banner'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    logo: imageSchema,
    banner: imageSchema,
  },
} as const satisfies JSONSchema;

/**
 * The bounds of an enabler config's fields: its schema, the upload rules (enabler-config-rules.ts) and
 * their messages read them here.
 */
export const enablerConfigLimits = {
  maxCompensationFactor: { above: 0, max: 1000 },
  lengthOfSeasonInMonth: { min: 1, max: 24 },
  lengthOfCoverageInMonth: { min: 1, max: 36 },
  damageThreshold: { min: 0, max: 1 },
  benefitFactorsByMonth: { maxCount: 36, min: 0, max: 1000 },
} as const;
const limits = enablerConfigLimits;

/** The enabler configuration, as uploaded (a JSON file) and as stored (one immutable version). */
export const enablerConfigSchema = {
  $id: 'enabler-config',
  title: 'Enabler configuration',
  type: 'object',
  required: [
    'currency',
    'maxCompensationFactor',
    'lengthOfSeasonInMonth',
    'lengthOfCoverageInMonth',
    'benefitFactorsByMonth',
  ],
  additionalProperties: false,
  properties: {
    currency: {
      type: 'string',
      maxLength: 3,
      pattern: '^[A-Z]{3}$',
      description: 'ISO 4217 code, e.g. INR, XOF',
    },
    maxCompensationFactor: {
      type: 'number',
      exclusiveMinimum: limits.maxCompensationFactor.above,
      maximum: limits.maxCompensationFactor.max,
    },
    lengthOfSeasonInMonth: {
      type: 'integer',
      minimum: limits.lengthOfSeasonInMonth.min,
      maximum: limits.lengthOfSeasonInMonth.max,
    },
    lengthOfCoverageInMonth: {
      type: 'integer',
      minimum: limits.lengthOfCoverageInMonth.min,
      maximum: limits.lengthOfCoverageInMonth.max,
    },
    damageThreshold: {
      type: ['number', 'null'],
      minimum: limits.damageThreshold.min,
      maximum: limits.damageThreshold.max,
    },
    benefitFactorsByMonth: {
      type: 'array',
      maxItems: limits.benefitFactorsByMonth.maxCount,
      items: {
        type: 'number',
        minimum: limits.benefitFactorsByMonth.min,
        maximum: limits.benefitFactorsByMonth.max,
      },
      description: 'One compensation factor per month after the coverage start',
    },
  },
} as const satisfies JSONSchema;

/** Decoded size of a base64 data URL's payload. */
export const dataUrlBytes = (dataUrl: string): number => {
  const payload = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
};

/**
 * A PNG or JPEG data URL by its declared type AND its bytes: the base64 text must begin with the
 * encoding of the type's signature (PNG: 89 50 4E 47 0D 0A 1A 0A then the IHDR chunk's length, whose
 * first byte is 0, "iVBORw0KGgo"; JPEG: FF D8 FF, "/9j/"). Base64 encodes each 3 bytes as 4 characters,
 * so these prefixes are exactly those bytes: an SVG said to be a PNG, which the browser would sniff
 * as an SVG, is refused. A regular expression rather than a decoder, as every API function carries it.
 */
const pngOrJpegDataUrl = /^data:image\/(?:png;base64,iVBORw0KGgo|jpeg;base64,\/9j\/)/;

export const isPngOrJpegDataUrl = (dataUrl: string): boolean => pngOrJpegDataUrl.test(dataUrl);

export type EnablerImagesProblem =
  'ERR_NO_ENABLER_LOGO' | 'ERR_NO_ENABLER_BANNER' | 'ERR_FILE_TOO_LONG' | 'ERR_IMAGE_NOT_PNG_OR_JPEG';

/**
 * The enabler form's image rules, on both sides: both images present, each at most 30 KB, each a PNG
 * or a JPEG by its type and its bytes.
 */
export const enablerImagesProblem = (body: unknown): EnablerImagesProblem | undefined => {
  const { logo, banner } = (body ?? {}) as { logo?: unknown; banner?: unknown };
  if (typeof logo !== 'string' || logo === '') return 'ERR_NO_ENABLER_LOGO';
  if (typeof banner !== 'string' || banner === '') return 'ERR_NO_ENABLER_BANNER';
  if (dataUrlBytes(logo) > MAX_IMAGE_BYTES || dataUrlBytes(banner) > MAX_IMAGE_BYTES)
    return 'ERR_FILE_TOO_LONG';
  if (!isPngOrJpegDataUrl(logo) || !isPngOrJpegDataUrl(banner)) return 'ERR_IMAGE_NOT_PNG_OR_JPEG';
  return undefined;
};

/**
 * One stored version of an enabler's config, as the API answers it: the uploaded fields (damageThreshold
 * absent when the file had none), its id, version number and upload time.
 */
export const enablerConfigVersionObject = {
  type: 'object',
  required: [...enablerConfigSchema.required, '_id', 'version', 'creationDate'],
  additionalProperties: false,
  properties: {
    _id: { type: 'string', minLength: 1 },
    version: { type: 'integer', minimum: 1 },
    ...enablerConfigSchema.properties,
    creationDate: instantSchema,
  },
} as const satisfies JSONSchema;

/** What every answer says of an enabler: who it is, its images, its latest config's version and date. */
const enablerHeadProperties = {
  id: { type: 'string', minLength: 1 },
  name: { type: 'string' },
  /** Images as data URLs; null for an enabler brought by an import without them. */
  logo: { type: ['string', 'null'] },
  banner: { type: ['string', 'null'] },
  latestConfigVersion: { type: ['integer', 'null'], minimum: 1 },
  latestConfigDate: { type: ['string', 'null'], format: 'date-time' },
} as const satisfies Record<string, JSONSchema>;

/**
 * The enabler a session works for, as every role's screens use it (GET /me/enabler, and carried by the
 * sign-in and refresh answers): banner, name and the rules of its latest config (null without one).
 */
export const currentEnablerObject = {
  type: 'object',
  required: ['id', 'name', 'logo', 'banner', 'latestConfigVersion', 'latestConfigDate', 'config'],
  additionalProperties: false,
  properties: {
    ...enablerHeadProperties,
    config: { anyOf: [enablerConfigVersionObject, { type: 'null' }] },
  },
} as const satisfies JSONSchema;

/**
 * The terms of one config version that a plot's cover reads (schemas/benefit-rule.ts): a plot keeps
 * the version it was created under, so its Maximum is its version's, not the latest's.
 */
export const configTermsObject = {
  type: 'object',
  required: ['version', 'currency', 'maxCompensationFactor', 'benefitFactorsByMonth', 'damageThreshold'],
  additionalProperties: false,
  properties: {
    version: { type: 'integer', minimum: 1 },
    currency: enablerConfigSchema.properties.currency,
    maxCompensationFactor: enablerConfigSchema.properties.maxCompensationFactor,
    benefitFactorsByMonth: enablerConfigSchema.properties.benefitFactorsByMonth,
    damageThreshold: enablerConfigSchema.properties.damageThreshold,
  },
} as const satisfies JSONSchema;

/** GET /me/enabler: the session's enabler, or null for an administrator who has none yet. */
export const myEnablerAnswerSchema = {
  $id: 'answer/my-enabler',
  anyOf: [
    {
      ...currentEnablerObject,
      required: [...currentEnablerObject.required, 'configTerms'],
      properties: {
        ...currentEnablerObject.properties,
        /** Every version's terms, oldest first: the plot pages show each plot's cover with its own. */
        configTerms: { type: 'array', items: configTermsObject },
      },
    },
    { type: 'null' },
  ],
} as const satisfies JSONSchema;
export type CurrentEnabler = FromSchema<typeof currentEnablerObject>;
export type ConfigTerms = FromSchema<typeof configTermsObject>;
export type EnablerConfigVersionAnswer = FromSchema<typeof enablerConfigVersionObject>;

/*
 * The administrator's answers on enablers (spec 3, Enabler, Enabler config, Campaign; spec 7, Admin).
 */

/** What the enabler list shows of the latest config, kept on the enabler's profile: no factors. */
export const enablerConfigSummaryObject = {
  type: 'object',
  required: [
    '_id',
    'version',
    'date',
    'currency',
    'maxCompensationFactor',
    'lengthOfSeasonInMonth',
    'lengthOfCoverageInMonth',
  ],
  additionalProperties: false,
  properties: {
    _id: { type: 'string', minLength: 1 },
    version: { type: 'integer', minimum: 1 },
    /** When the version was uploaded (its creationDate). */
    date: instantSchema,
    currency: enablerConfigSchema.properties.currency,
    maxCompensationFactor: enablerConfigSchema.properties.maxCompensationFactor,
    lengthOfSeasonInMonth: enablerConfigSchema.properties.lengthOfSeasonInMonth,
    lengthOfCoverageInMonth: enablerConfigSchema.properties.lengthOfCoverageInMonth,
  },
} as const satisfies JSONSchema;

/** An enabler as the administration sees it: the profile, its latest config's summary and who changed it. */
export const adminEnablerObject = {
  type: 'object',
  required: [
    'id',
    'name',
    'logo',
    'banner',
    'latestConfigVersion',
    'latestConfigDate',
    'config',
    'memberCount',
    'creationDate',
    'createdBy',
    'modificationDate',
    'modifiedBy',
  ],
  additionalProperties: false,
  properties: {
    ...enablerHeadProperties,
    /** null without a config. */
    config: { anyOf: [enablerConfigSummaryObject, { type: 'null' }] },
    /** Members registered in the enabler: an enabler with members cannot be deleted. */
    memberCount: { type: 'integer', minimum: 0 },
    creationDate: instantSchema,
    createdBy: { type: 'string' },
    modificationDate: { type: ['string', 'null'], format: 'date-time' },
    modifiedBy: { type: ['string', 'null'] },
  },
} as const satisfies JSONSchema;

/** POST /admin/enablers (201) and POST /admin/enablers/{id}: the enabler as saved. */
export const adminEnablerAnswerSchema = {
  $id: 'answer/admin-enabler',
  ...adminEnablerObject,
} as const satisfies JSONSchema;

/** GET /admin/enablers: every enabler. */
export const adminEnablerListAnswerSchema = listAnswerSchema('answer/admin-enabler-list', adminEnablerObject);

/** POST /admin/enablers/{id}/configs (201): the version stored. */
export const enablerConfigVersionAnswerSchema = {
  $id: 'answer/enabler-config-version',
  ...enablerConfigVersionObject,
} as const satisfies JSONSchema;

/** GET /admin/enablers/{id}/configs: the enabler's configs, newest first. */
export const enablerConfigListAnswerSchema = listAnswerSchema(
  'answer/enabler-config-list',
  enablerConfigVersionObject,
);

/** A campaign: the index assessment its payouts were computed by (named after it unless renamed). */
export const campaignObject = {
  type: 'object',
  required: ['id', 'name', 'reportingDate'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1 },
    name: { type: 'string' },
    /** The day of the assessment the campaign reports on. */
    reportingDate: isoDaySchema,
  },
} as const satisfies JSONSchema;

/** GET /admin/enablers/{id}/campaigns: newest reporting date first. */
export const campaignListAnswerSchema = listAnswerSchema('answer/campaign-list', campaignObject);

export type EnablerConfigSummary = FromSchema<typeof enablerConfigSummaryObject>;
export type AdminEnablerAnswer = FromSchema<typeof adminEnablerObject>;
export type CampaignAnswer = FromSchema<typeof campaignObject>;
export type MyEnablerAnswer = FromSchema<typeof myEnablerAnswerSchema>;
