import type { TFunction } from 'i18next';
import { isApiError, isErrorCode } from '../../api/api-error.ts';

export interface DisplayableError {
  code?: string | undefined;
  message: string;
  details?: unknown;
}

/** What a code's message names, from the answer's details when they are an object (an enabler config's field). */
const messageValues = (details: unknown): Record<string, unknown> =>
  details !== null && typeof details === 'object' && !Array.isArray(details) ? { ...details } : {};

/** The catalogue's message for a known code, else the technical message (spec section 8). */
export function errorMessage(t: TFunction, error: DisplayableError): string {
  if (isErrorCode(error.code)) return t(`errors.${error.code}`, messageValues(error.details));
  return t('errorDialog.technical', { message: error.message });
}

/** The message of any failure a form shows itself (an ApiError, or anything else thrown). */
export const failureMessage = (t: TFunction, error: unknown): string =>
  errorMessage(t, isApiError(error) ? error : { message: String(error) });
