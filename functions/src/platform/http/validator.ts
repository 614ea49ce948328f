import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import * as addFormatsModule from 'ajv-formats';
import type { JSONSchema } from '@cpbo/schemas';
import { AppError } from '../app-error.ts';

// ajv-formats is CommonJS: under ESM its function is the module's default export.
const addFormats = addFormatsModule.default as unknown as typeof addFormatsModule.default.default;

const ajv = new Ajv({ allErrors: true, strict: true, coerceTypes: false, useDefaults: false });
addFormats(ajv);

const compiled = new WeakMap<object, ValidateFunction>();

/** Every object schema must say what it does with unknown properties: this API refuses them. */
const assertClosedObjects = (schema: unknown, path = '#'): void => {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  if (node.type === 'object' && node.properties && node.additionalProperties === undefined) {
    throw new Error(`Schema at ${path} must set additionalProperties (unknown properties are refused)`);
  }
  for (const [key, child] of Object.entries(node)) {
    if (Array.isArray(child))
      child.forEach((item, index) => assertClosedObjects(item, `${path}/${key}/${index}`));
    else assertClosedObjects(child, `${path}/${key}`);
  }
};

export const compileSchema = (schema: JSONSchema): ValidateFunction => {
  if (typeof schema !== 'object') throw new Error('A schema must be an object');
  let validate = compiled.get(schema);
  if (!validate) {
    assertClosedObjects(schema);
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
};

export interface ValidationIssue {
  where: string;
  problem: string;
}

/** Problems listed in an answer: enough to fix a form, never a body that grows with the input. */
export const MAX_LISTED_ISSUES = 20;

const describe = (place: string, errors: ErrorObject[] | null | undefined): ValidationIssue[] =>
  (errors ?? []).slice(0, MAX_LISTED_ISSUES).map((error) => ({
    where: `${place}${error.instancePath}`,
    problem:
      error.keyword === 'additionalProperties'
        ? `unknown property '${String((error.params as { additionalProperty?: string }).additionalProperty)}'`
        : (error.message ?? error.keyword),
  }));

/**
 * Throws ERR_INVALID_DATA_FORMAT, listing what is wrong (the first MAX_LISTED_ISSUES problems), when
 * the value does not match the schema.
 */
export const assertMatches = (schema: JSONSchema, value: unknown, place: string): void => {
  const validate = compileSchema(schema);
  if (!validate(value)) {
    throw new AppError('ERR_INVALID_DATA_FORMAT', { details: describe(place, validate.errors) });
  }
};
