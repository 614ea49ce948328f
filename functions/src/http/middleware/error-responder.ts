import type { ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import { appLog } from '#data/app-log.ts';
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
 * Turns every failure into `{ code, message, requestId }` with the catalogue's status.
 * Unexpected errors are logged with the request id and answered 500 without their details.
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
      await report('Unexpected error', {
        requestId,
        routeKey: request.event?.routeKey,
        path: request.event?.rawPath,
        // Powertools writes its name, message, stack and where it was thrown; never the request body.
        error: request.error,
      });
      request.response = jsonResponse(500, new AppError('ERR_INTERNAL').toBody(requestId));
    },
  };
};
