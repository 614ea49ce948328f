import type { JSONSchema } from '@cpbo/schemas';

/*
 * The largest JSON value a schema allows, to measure against a size limit of AWS: every optional
 * property present, every array at its maxItems, every number at its longest, every string at its
 * most bytes. A text's JSON takes at most six bytes a character ("\u0001" is written so), one when
 * its pattern keeps it to ASCII; the value stands for it with as many bytes of "x". A string without a
 * maxLength takes the bytes of the stored field it shows, and an array without maxItems the length
 * argued for it (`Bounds`, by property name and by path); whatever stays unbounded throws Unbounded,
 * with its path.
 */

export class Unbounded extends Error {
  override name = 'Unbounded';
  constructor(readonly path: string) {
    super(`${path} has no bound`);
  }
}

type Schema = Exclude<JSONSchema, boolean> & Record<string, unknown>;

/** The longest instant and day as JSON Schema's formats write them. */
const formatted: Record<string, string> = {
  'date-time': '2026-11-27T23:59:59.999+00:00',
  date: '2026-11-27',
};
/** The longest JSON text of a number: "-1.7976931348623157e+308". */
const LONGEST_NUMBER = -Number.MAX_VALUE;
/** The most bytes one character takes in JSON: a control character, written "\u0001". */
const WORST_CHARACTER_BYTES = 6;
/** RFC 5321's longest address. */
const EMAIL_LENGTH = 254;

/**
 * A pattern that spells every character it matches, literally or in a class of ASCII ranges (no
 * negated class, no \S, \s, \W or \D, no "." outside a class): ids, codes, dates, data URLs.
 */
const asciiOnly = (pattern: string): boolean => !/\[\^|\\[SsWD]|\.(?![^[]*\])/u.test(pattern);

/** The most bytes a string of the schema takes in JSON, its quotes aside; undefined without a bound. */
const textBytesOf = (schema: Schema): number | undefined => {
  const length = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  // The validators' email format (ajv-formats' full one) takes printable ASCII that JSON never escapes.
  if (schema.format === 'email') return Math.min(length ?? EMAIL_LENGTH, EMAIL_LENGTH);
  if (length === undefined) return undefined;
  return typeof schema.pattern === 'string' && asciiOnly(schema.pattern)
    ? length
    : length * WORST_CHARACTER_BYTES;
};

export interface Bounds {
  /** The most bytes of a text, by its property's name (textBytesByName gives the stored fields'). */
  textBytes: ReadonlyMap<string, number>;
  /** The length of an array, by its path ("$.plots[]"): for one without maxItems, or to try another length. */
  arrayLengths?: ReadonlyMap<string, number>;
  /** A part that is JSON of its own (a report's data), by its path: a text of as many bytes stands for it. */
  opaqueBytes?: ReadonlyMap<string, number>;
}

/** A value's size as Lambda and SQS count it: its UTF-8 bytes. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** The most bytes each property name's text takes anywhere in these schemas (by their limits). */
export const textBytesByName = (schemas: readonly JSONSchema[]): Map<string, number> => {
  const limits = new Map<string, number>();
  const visit = (schema: unknown, name: string | undefined): void => {
    if (schema === null || typeof schema !== 'object') return;
    const object = schema as Schema;
    const bytes = typesOf(object).includes('string') ? textBytesOf(object) : undefined;
    if (name && bytes !== undefined) limits.set(name, Math.max(limits.get(name) ?? 0, bytes));
    for (const [key, inner] of Object.entries((object.properties ?? {}) as Record<string, unknown>))
      visit(inner, key);
    for (const inner of [
      object.items,
      ...((object.anyOf ?? []) as unknown[]),
      ...((object.oneOf ?? []) as unknown[]),
    ])
      visit(inner, name);
  };
  schemas.forEach((schema) => visit(schema, undefined));
  return limits;
};

const typesOf = (schema: Schema): string[] => [schema.type ?? []].flat() as string[];

const longest = (values: unknown[]): unknown =>
  values.reduce((best, value) => (jsonBytes(value) > jsonBytes(best) ? value : best), values[0]);

const largestString = (schema: Schema, name: string | undefined, path: string, bounds: Bounds) => {
  const format = typeof schema.format === 'string' ? formatted[schema.format] : undefined;
  if (format) return format;
  const bytes = textBytesOf(schema) ?? (name === undefined ? undefined : bounds.textBytes.get(name));
  if (bytes === undefined) throw new Unbounded(path);
  return 'x'.repeat(bytes);
};

/** The largest value the schema allows, within the bounds given where it sets none. */
export const largestJson = (schema: JSONSchema, bounds: Bounds, path = '$', name?: string): unknown => {
  const opaque = bounds.opaqueBytes?.get(path);
  if (opaque !== undefined) return 'x'.repeat(Math.max(0, opaque - 2));
  if (typeof schema === 'boolean') throw new Unbounded(path);
  const object = schema as Schema;
  if (object.$ref) throw new Error(`${path}: $ref is not followed`);
  if (Array.isArray(object.enum)) return longest(object.enum as unknown[]);
  if ('const' in object) return object.const;
  const alternatives = [...((object.anyOf ?? []) as JSONSchema[]), ...((object.oneOf ?? []) as JSONSchema[])];
  if (alternatives.length > 0)
    return longest(alternatives.map((inner) => largestJson(inner, bounds, path, name)));
  const types = typesOf(object);
  if (types.length === 0) throw new Unbounded(path);
  return longest(
    types.map((type) => {
      switch (type) {
        case 'null':
          return null;
        case 'boolean':
          return false;
        case 'integer':
        case 'number':
          return typeof object.minimum === 'number' && typeof object.maximum === 'number'
            ? longest([object.minimum, object.maximum])
            : LONGEST_NUMBER;
        case 'string':
          return largestString(object, name, path, bounds);
        case 'array': {
          const length =
            bounds.arrayLengths?.get(`${path}[]`) ??
            (typeof object.maxItems === 'number' ? object.maxItems : undefined);
          if (length === undefined) throw new Unbounded(`${path}[]`);
          const item = largestJson(object.items as JSONSchema, bounds, `${path}[]`, name);
          return Array.from({ length }, () => item);
        }
        case 'object': {
          if (object.additionalProperties !== false) throw new Unbounded(`${path}.*`);
          return Object.fromEntries(
            Object.entries((object.properties ?? {}) as Record<string, JSONSchema>).map(([key, inner]) => [
              key,
              largestJson(inner, bounds, `${path}.${key}`, key),
            ]),
          );
        }
        default:
          throw new Error(`${path}: type ${type} is not known`);
      }
    }),
  );
};
