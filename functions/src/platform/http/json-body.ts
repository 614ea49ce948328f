import type middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { AppError } from '../app-error.ts';
import type { ErrorCode } from '../error-catalogue.ts';
import type { ApiEvent, ApiResult } from './api-types.ts';

export interface JsonBodyOptions {
  /** Largest accepted body in bytes once decoded. */
  maxBytes?: number;
  /** The code of a body that is not JSON. */
  malformedCode?: ErrorCode;
}

const defaults: Required<JsonBodyOptions> = {
  maxBytes: 6 * 1024 * 1024,
  malformedCode: 'ERR_INVALID_DATA_FORMAT',
};

const isJsonContentType = (value: string | undefined): boolean =>
  value === undefined || /^application\/([\w.+-]+\+)?json\b/i.test(value.trim());

/**
 * Parses a JSON body into `event.parsedBody`. A malformed body is ERR_INVALID_DATA_FORMAT (400), or the
 * route's own code; a body that declares another content type is ERR_UNSUPPORTED_MEDIA_TYPE (415).
 */
export const jsonBody = (
  options: JsonBodyOptions = {},
): middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context> => {
  const maxBytes = options.maxBytes ?? defaults.maxBytes;
  const malformedCode = options.malformedCode ?? defaults.malformedCode;
  return {
    before: (request) => {
      const { event } = request;
      if (event.body === undefined || event.body === null || event.body === '') return;
      const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
      if (Buffer.byteLength(text, 'utf8') > maxBytes) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
      const contentType = event.headers?.['content-type'] ?? event.headers?.['Content-Type'];
      if (!isJsonContentType(contentType)) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE');
      try {
        event.parsedBody = JSON.parse(text);
      } catch (error) {
        throw new AppError(malformedCode, { cause: error });
      }
    },
  };
};
