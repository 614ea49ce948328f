import type { JSONSchema } from 'json-schema-to-ts';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;
const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

/** A decimal amount of the enabler's currency; the server also refuses more than two decimals. */
const amountSchema = { type: 'number', minimum: 0, maximum: 1_000_000_000 } as const satisfies JSONSchema;

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

export const newMemberRequestSchema = {
  $id: 'request/new-member',
  type: 'object',
  required: ['name', 'village', 'number'],
  additionalProperties: false,
  properties: memberFieldsProperties,
} as const satisfies JSONSchema;

const latitude = { type: 'number', minimum: -90, maximum: 90 } as const;
const longitude = { type: 'number', minimum: -180, maximum: 180 } as const;

export const newPlotRequestSchema = {
  $id: 'request/new-plot',
  type: 'object',
  required: ['name', 'latitude', 'longitude'],
  additionalProperties: false,
  properties: {
    name: text(120),
    latitude,
    longitude,
    droughtMonthlyContrib: amountSchema,
    excessRainMonthlyContrib: amountSchema,
    /** Unix seconds; today when absent. */
    startCoverageDate: { type: 'integer', minimum: 0, maximum: 32503680000 },
    cropDescription: optionalText(200),
    isIrrigated: { type: ['boolean', 'null'] },
  },
} as const satisfies JSONSchema;

export const updatePlotRequestSchema = {
  $id: 'request/update-plot',
  type: 'object',
  required: ['name', 'latitude', 'longitude', 'droughtMonthlyContrib'],
  additionalProperties: false,
  properties: {
    name: text(120),
    latitude,
    longitude,
    droughtMonthlyContrib: amountSchema,
    excessRainMonthlyContrib: amountSchema,
    cropDescription: optionalText(200),
    isIrrigated: { type: ['boolean', 'null'] },
  },
} as const satisfies JSONSchema;

export const cashoutRequestSchema = {
  $id: 'request/cashout',
  type: 'object',
  required: ['amount'],
  additionalProperties: false,
  properties: { amount: { ...amountSchema, exclusiveMinimum: 0 } },
} as const satisfies JSONSchema;

export const protectionTypes = ['DROUGHT', 'EXCESS_RAIN'] as const;

export const contributeRequestSchema = {
  $id: 'request/contribute',
  type: 'object',
  required: ['amount'],
  additionalProperties: false,
  properties: {
    amount: { ...amountSchema, exclusiveMinimum: 0 },
    protectionType: { type: 'string', enum: protectionTypes },
    /** The plot the contribution is for; the member's first plot when absent. */
    plotId: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const satisfies JSONSchema;
