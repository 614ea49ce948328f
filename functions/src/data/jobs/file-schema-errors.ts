import type { JSONSchema } from '@cpbo/schemas';
import { validatorOf, type Validators } from '#platform/validator.ts';
import { MAX_JOB_ERROR_TEXT, MAX_JOB_ERRORS } from '@cpbo/schemas/data-jobs.ts';
import { clippedText } from '#domain/clipped-text.ts';
import type { JobError } from './data-jobs.ts';

/**
 * What is wrong with an import file, by its schema (in the function's generated validators): every
 * problem with its JSON path, the first MAX_JOB_ERRORS listed, all of them counted.
 */
export const fileSchemaErrors = (
  validators: Validators,
  schema: JSONSchema,
  file: unknown,
): { errors: JobError[]; count: number } => {
  const validate = validatorOf(validators, schema);
  if (validate(file)) return { errors: [], count: 0 };
  const all = validate.errors ?? [];
  return {
    count: all.length,
    errors: all.slice(0, MAX_JOB_ERRORS).map((error) => ({
      where: clippedText(error.instancePath || '/', MAX_JOB_ERROR_TEXT),
      code: 'ERR_IMPORT_INVALID_FILE',
      // The name of an unknown property is the file's own text: of any length.
      message: clippedText(
        error.keyword === 'additionalProperties'
          ? `unknown property '${String((error.params as { additionalProperty?: string }).additionalProperty)}'`
          : (error.message ?? error.keyword),
        MAX_JOB_ERROR_TEXT,
      ),
    })),
  };
};
