import type { JSONSchema } from 'json-schema-to-ts';
import {
  amountSchema,
  latitudeSchema,
  longitudeSchema,
  optionalText,
  positiveAmountSchema,
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

export const newMemberRequestSchema = {
  $id: 'request/new-member',
  type: 'object',
  required: ['name', 'village', 'number'],
  additionalProperties: false,
  properties: memberFieldsProperties,
} as const satisfies JSONSchema;

export const newPlotRequestSchema = {
  $id: 'request/new-plot',
  type: 'object',
  required: ['name', 'latitude', 'longitude'],
  additionalProperties: false,
  properties: {
    name: text(120),
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    droughtMonthlyContrib: amountSchema,
    excessRainMonthlyContrib: amountSchema,
    /** Unix seconds; today when absent. */
    startCoverageDate: unixSecondsSchema,
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
    latitude: latitudeSchema,
    longitude: longitudeSchema,
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
  properties: { amount: positiveAmountSchema },
} as const satisfies JSONSchema;

export const protectionTypes = ['DROUGHT', 'EXCESS_RAIN'] as const;

export const contributeRequestSchema = {
  $id: 'request/contribute',
  type: 'object',
  required: ['amount'],
  additionalProperties: false,
  properties: {
    amount: positiveAmountSchema,
    protectionType: { type: 'string', enum: protectionTypes },
    /** The plot the contribution is for; the member's first plot when absent. */
    plotId: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const satisfies JSONSchema;
