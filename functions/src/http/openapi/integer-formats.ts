import type { JSONSchema } from '@cpbo/schemas';

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

type Node = Record<string, unknown>;

const isInteger = (node: Node): boolean =>
  node.type === 'integer' || (Array.isArray(node.type) && node.type.includes('integer'));

/** int32 when the schema's bounds keep it there, int64 otherwise (OpenAPI's integer formats). */
const integerFormat = (node: Node): 'int32' | 'int64' => {
  const { minimum, maximum } = node as { minimum?: number; maximum?: number };
  return minimum !== undefined && maximum !== undefined && minimum >= INT32.min && maximum <= INT32.max
    ? 'int32'
    : 'int64';
};

const withFormats = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withFormats);
  if (value === null || typeof value !== 'object') return value;
  const node = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withFormats(inner)]));
  return isInteger(node) && node.format === undefined ? { ...node, format: integerFormat(node) } : node;
};

/**
 * The schema as the OpenAPI document gives it: each integer with the format its bounds imply, which a
 * generated client reads to pick its type. The schemas themselves keep no format that ajv would not
 * know; every other keyword is as written.
 */
export const withIntegerFormats = <Schema extends JSONSchema>(schema: Schema): Schema =>
  withFormats(schema) as Schema;
