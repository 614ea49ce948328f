import type { FromSchema } from 'json-schema-to-ts';
import { enablerConfigLimits as limits, enablerConfigSchema } from './enablers.ts';

/*
 * The rules of an enabler config upload, on both sides: the upload screen runs them on the file it
 * reads, and POST /admin/enablers/{id}/configs runs them before its schema (the route's body rule), so
 * the browser refuses exactly what the server refuses, with the same code. They are enablerConfigSchema's
 * rules (enabler-config-rules.test.ts checks that both accept the same configs), in the spec's order
 * (section 5: a file, JSON, the five fields, an array of factors), then each field's bounds.
 */

/** The spec's codes (sections 5 and 8, in its order): the rule of the structure, a file of JSON with its five fields. */
export const enablerConfigShapeCodes = [
  'ERR_ENABLERCONFIG_INVALID_JSON',
  'ERR_ENABLERCONFIG_MISSING_CURRENCY',
  'ERR_ENABLERCONFIG_MISSING_MAXCOMPFACTOR',
  'ERR_ENABLERCONFIG_MISSING_LENGTHSEASON',
  'ERR_ENABLERCONFIG_MISSING_LENGTHCOVERAGE',
  'ERR_ENABLERCONFIG_MISSING_FACTORS',
  'ERR_ENABLERCONFIG_NOTARRAY_FACTORS',
  'ERR_ENABLERCONFIG_NO_FILE',
] as const;

/** This project's codes, for the fields' bounds that the spec does not name. */
export type EnablerConfigCode =
  | (typeof enablerConfigShapeCodes)[number]
  | 'ERR_ENABLERCONFIG_UNKNOWN_FIELD'
  | 'ERR_ENABLERCONFIG_INVALID_CURRENCY'
  | 'ERR_ENABLERCONFIG_INVALID_MAXCOMPFACTOR'
  | 'ERR_ENABLERCONFIG_INVALID_LENGTHSEASON'
  | 'ERR_ENABLERCONFIG_INVALID_LENGTHCOVERAGE'
  | 'ERR_ENABLERCONFIG_INVALID_DAMAGETHRESHOLD'
  | 'ERR_ENABLERCONFIG_TOO_MANY_FACTORS'
  | 'ERR_ENABLERCONFIG_INVALID_FACTOR';

/** What the messages name: the field, its rule's bounds and, for a factor, its place (from 1). */
export interface EnablerConfigRefusalDetails {
  field: string;
  min?: number;
  max?: number;
  position?: number;
}

/** A refusal: its code and, but for a missing file or a file that is no JSON object, its field. */
export interface EnablerConfigRefusal {
  code: EnablerConfigCode;
  details?: EnablerConfigRefusalDetails;
}

const requiredFields: [field: string, code: EnablerConfigCode][] = [
  ['currency', 'ERR_ENABLERCONFIG_MISSING_CURRENCY'],
  ['maxCompensationFactor', 'ERR_ENABLERCONFIG_MISSING_MAXCOMPFACTOR'],
  ['lengthOfSeasonInMonth', 'ERR_ENABLERCONFIG_MISSING_LENGTHSEASON'],
  ['lengthOfCoverageInMonth', 'ERR_ENABLERCONFIG_MISSING_LENGTHCOVERAGE'],
  ['benefitFactorsByMonth', 'ERR_ENABLERCONFIG_MISSING_FACTORS'],
];

const currencyPattern = new RegExp(enablerConfigSchema.properties.currency.pattern, 'u');
const knownFields = new Set(Object.keys(enablerConfigSchema.properties));

const between = (value: unknown, { min, max }: { min: number; max: number }): boolean =>
  typeof value === 'number' && value >= min && value <= max;
const wholeBetween = (value: unknown, bounds: { min: number; max: number }): boolean =>
  Number.isInteger(value) && between(value, bounds);

const refusal = (code: EnablerConfigCode, details: EnablerConfigRefusalDetails): EnablerConfigRefusal => ({
  code,
  details,
});

/** The first rule the config breaks, or undefined when it is a config the server stores. */
export const enablerConfigProblem = (config: unknown): EnablerConfigRefusal | undefined => {
  if (config === undefined) return { code: 'ERR_ENABLERCONFIG_NO_FILE' };
  if (config === null || typeof config !== 'object' || Array.isArray(config))
    return { code: 'ERR_ENABLERCONFIG_INVALID_JSON' };
  const fields = config as Record<string, unknown>;
  for (const [field, code] of requiredFields) {
    if (fields[field] === undefined || fields[field] === null || fields[field] === '')
      return refusal(code, { field });
  }
  const factors = fields.benefitFactorsByMonth;
  if (!Array.isArray(factors))
    return refusal('ERR_ENABLERCONFIG_NOTARRAY_FACTORS', { field: 'benefitFactorsByMonth' });

  const unknown = Object.keys(fields).find((field) => !knownFields.has(field));
  if (unknown !== undefined) return refusal('ERR_ENABLERCONFIG_UNKNOWN_FIELD', { field: unknown });
  if (typeof fields.currency !== 'string' || !currencyPattern.test(fields.currency))
    return refusal('ERR_ENABLERCONFIG_INVALID_CURRENCY', { field: 'currency' });
  const factor = fields.maxCompensationFactor;
  const { above, max } = limits.maxCompensationFactor;
  if (typeof factor !== 'number' || factor <= above || factor > max)
    return refusal('ERR_ENABLERCONFIG_INVALID_MAXCOMPFACTOR', { field: 'maxCompensationFactor', max });
  const season = limits.lengthOfSeasonInMonth;
  if (!wholeBetween(fields.lengthOfSeasonInMonth, season))
    return refusal('ERR_ENABLERCONFIG_INVALID_LENGTHSEASON', { field: 'lengthOfSeasonInMonth', ...season });
  const coverage = limits.lengthOfCoverageInMonth;
  if (!wholeBetween(fields.lengthOfCoverageInMonth, coverage))
    return refusal('ERR_ENABLERCONFIG_INVALID_LENGTHCOVERAGE', {
      field: 'lengthOfCoverageInMonth',
      ...coverage,
    });
  const threshold = limits.damageThreshold;
  const damageThreshold = fields.damageThreshold ?? null;
  if (damageThreshold !== null && !between(damageThreshold, threshold))
    return refusal('ERR_ENABLERCONFIG_INVALID_DAMAGETHRESHOLD', { field: 'damageThreshold', ...threshold });
  const { maxCount, ...factorBounds } = limits.benefitFactorsByMonth;
  if (factors.length > maxCount)
    return refusal('ERR_ENABLERCONFIG_TOO_MANY_FACTORS', { field: 'benefitFactorsByMonth', max: maxCount });
  const wrong = factors.findIndex((value) => !between(value, factorBounds));
  if (wrong >= 0)
    return refusal('ERR_ENABLERCONFIG_INVALID_FACTOR', {
      field: 'benefitFactorsByMonth',
      ...factorBounds,
      position: wrong + 1,
    });
  return undefined;
};

/** Reads an uploaded file's text as a config: the same refusals for an empty or malformed file. */
export const parseEnablerConfigFile = (
  text: string | undefined,
): { config: unknown; problem?: undefined } | { config?: undefined; problem: EnablerConfigRefusal } => {
  if (text === undefined) return { problem: { code: 'ERR_ENABLERCONFIG_NO_FILE' } };
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    return { problem: { code: 'ERR_ENABLERCONFIG_INVALID_JSON' } };
  }
  const problem = enablerConfigProblem(config);
  return problem ? { problem } : { config };
};

/** A config's fields, as its file gives them. */
export type EnablerConfigFields = FromSchema<typeof enablerConfigSchema>;

/**
 * A stored version's fields as its file gave them, without what the server added (id, version, date),
 * so that the file can be edited and uploaded again: a damage threshold the file did not give stays out.
 * The download of a version is this; the data export writes it between the version's id and date.
 */
export const configFileFields = (config: EnablerConfigFields): EnablerConfigFields => ({
  currency: config.currency,
  maxCompensationFactor: config.maxCompensationFactor,
  lengthOfSeasonInMonth: config.lengthOfSeasonInMonth,
  lengthOfCoverageInMonth: config.lengthOfCoverageInMonth,
  ...(config.damageThreshold === undefined ? {} : { damageThreshold: config.damageThreshold }),
  benefitFactorsByMonth: config.benefitFactorsByMonth,
});
