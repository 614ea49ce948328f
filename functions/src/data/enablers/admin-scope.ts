import type { FailureCode } from '../table/table.ts';

/** An item of another enabler answers as if it did not exist (the administrators' calls). */
export const missingOrOther =
  (enablerId: string, code: FailureCode): FailureCode =>
  (item) => {
    if (item?.enablerId?.S !== enablerId) return 'ERR_NOT_FOUND';
    return typeof code === 'function' ? code(item) : code;
  };
