import { isThrottlingError, isTransientError } from '@smithy/core/retry';
import type { SdkError } from '@smithy/types';
import type { ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import { appLog } from '#data/logs/app-log.ts';
import { cancelledWhileBusy } from '#data/table/table.ts';
import { AppError } from '#platform/app-error.ts';
import { logger } from '#platform/logger.ts';
import type { ApiEvent, ApiMiddleware } from './api-types.ts';
import { jsonResponse } from './json-response.ts';

/** Statuses that middy's own packages raise, and the catalogue code each one becomes. */
const codeOfHttpStatus: Record<number, ErrorCode> = {
  400: 'ERR_INVALID_DATA_FORMAT',
  401: 'ERR_UNAUTHENTICATED',
  404: 'ERR_NOT_FOUND',
  405: 'ERR_METHOD_NOT_ALLOWED',
  413: 'ERR_PAYLOAD_TOO_LARGE',
  415: 'ERR_UNSUPPORTED_MEDIA_TYPE',
  422: 'ERR_INVALID_DATA_FORMAT',
};

const toAppError = (error: unknown): AppError | undefined => {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  const expose = (error as { expose?: unknown } | null)?.expose;
  if (typeof status === 'number' && expose === true && codeOfHttpStatus[status]) {
    return new AppError(codeOfHttpStatus[status], { cause: error });
  }
  return undefined;
};

/**
 * The Retry-After of ERR_SERVICE_BUSY, in seconds. The SDK has already waited between its attempts (the
 * longest of DynamoDB's waits is drawn below 8 s, docs/operations.md): what is left is a burst past
 * those waits, and a partition's throttling or a service's fault is gone within seconds; longer would keep
 * an agent waiting in front of a member for nothing.
 */
export const SERVICE_BUSY_RETRY_AFTER_SECONDS = 5;

/** The SDK's own classification; it reads a cause's fields unchecked (a null cause throws): not busy then. */
const classifiedBusy = (error: SdkError): boolean => {
  try {
    return isThrottlingError(error) || isTransientError(error);
  } catch {
    return false;
  }
};

/**
 * True when AWS was only busy: an error the SDK classifies as throttling or transient (it gave up after
 * its retries), or a transaction cancelled by concurrent writes or throttling alone (money writes try
 * theirs again first and answer ERR_CONFLICT, an AppError, when they keep losing).
 */
const isServiceBusy = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  return classifiedBusy(error as SdkError) || cancelledWhileBusy(error);
};

/** A refused permission goes to the application's log: which code, which call, and who when known. */
const logRefusal = (event: ApiEvent | undefined, error: AppError): Promise<void> => {
  const call = event ? `${event.requestContext?.http?.method ?? ''} ${event.rawPath ?? ''}`.trim() : '';
  const who = event?.session ? ` for ${event.session.email} (${event.session.role})` : '';
  return appLog.warn(`Permission refused: ${error.code} on ${call || 'an unknown call'}${who}`);
};

export interface ErrorResponderOptions {
  /** Where unexpected errors are reported (defaults to the JSON logger). */
  report?: (
    message: string,
    fields: { requestId?: string; routeKey?: string; path?: string; error: unknown },
  ) => Promise<void>;
}

/**
 * Turns every failure into `{ code, message, requestId }` with the catalogue's status. Other errors are
 * logged with the request id and answered without their details: 503 ERR_SERVICE_BUSY with a
 * Retry-After when AWS was only busy, else 500 ERR_INTERNAL.
 */
export const errorResponder = (options: ErrorResponderOptions = {}): ApiMiddleware => {
  const report = options.report ?? logger.error;
  return {
    onError: async (request) => {
      if (request.response !== undefined && request.error === undefined) return;
      const requestId = request.context?.awsRequestId ?? request.event?.requestContext?.requestId;
      const known = toAppError(request.error);
      if (known) {
        if (known.status === 403) await logRefusal(request.event, known);
        request.response = jsonResponse(known.status, known.toBody(requestId));
        return;
      }
      const busy = isServiceBusy(request.error);
      await report(busy ? 'AWS busy after its retries' : 'Unexpected error', {
        requestId,
        routeKey: request.event?.routeKey,
        path: request.event?.rawPath,
        // Powertools writes its name, message, stack and where it was thrown; never the request body.
        error: request.error,
      });
      request.response = busy
        ? jsonResponse(503, new AppError('ERR_SERVICE_BUSY').toBody(requestId), {
            'retry-after': String(SERVICE_BUSY_RETRY_AFTER_SECONDS),
          })
        : jsonResponse(500, new AppError('ERR_INTERNAL').toBody(requestId));
    },
  };
};
