import { createHash } from 'node:crypto';
import type { JSONSchema } from '@cpbo/schemas';

/**
 * The name of a schema's validator in the generated modules (validators/): a digest of the schema's JSON, so the
 * generation and the lookup agree on any schema without a list of names to keep in step.
 */
export const validatorName = (schema: JSONSchema): string =>
  `v${createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 24)}`;
