import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error.ts';

export interface DisplayableError {
  code?: string | undefined;
  message: string;
  details?: unknown;
}

/** What a code's message names, from the answer's details when they are an object (an enabler config's field). */
const messageValues = (details: unknown): Record<string, unknown> =>
  details !== null && typeof details === 'object' && !Array.isArray(details) ? { ...details } : {};

/**
 * The translation of an API error code, or undefined for a code the catalogues do not know. Every code of
 * the API's error catalogue has one in both languages (a test checks it); the catalogue itself, with its
 * English messages, stays off the page. A code only administrators meet is translated in their catalogue.
 */
export const codeMessage = (
  t: TFunction,
  code: string | undefined,
  values: Record<string, unknown> = {},
): string | undefined => {
  if (code === undefined || !/^ERR_[A-Z0-9_]+$/.test(code)) return undefined;
  return t(`errors.${code}`, { ...values, defaultValue: '' }) || undefined;
};

/** The catalogue's message for a known code, else the technical message (spec section 8). */
export function errorMessage(t: TFunction, error: DisplayableError): string {
  return (
    codeMessage(t, error.code, messageValues(error.details)) ??
    t('errorDialog.technical', { message: error.message })
  );
}

/** The message of any failure a form shows itself (an ApiError, or anything else thrown). */
export const failureMessage = (t: TFunction, error: unknown): string =>
  errorMessage(t, isApiError(error) ? error : { message: String(error) });
