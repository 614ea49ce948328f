import type { ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import { DEFAULT_MAX_BODY_BYTES } from '#http/routes.ts';
import { AppError } from '#platform/app-error.ts';
import type { ApiMiddleware } from './api-types.ts';

export interface JsonBodyOptions {
  /** Largest accepted body in bytes once decoded. */
  maxBytes?: number;
  /** The code of a body that is not JSON. */
  malformedCode?: ErrorCode;
  /** The code of a body over maxBytes. */
  tooLargeCode?: ErrorCode;
}

const defaults: Required<JsonBodyOptions> = {
  maxBytes: DEFAULT_MAX_BODY_BYTES,
  malformedCode: 'ERR_INVALID_DATA_FORMAT',
  tooLargeCode: 'ERR_PAYLOAD_TOO_LARGE',
};

/** Decoded size of a body, measured without decoding or copying it. */
const decodedBytes = (body: string, isBase64Encoded: boolean): number =>
  isBase64Encoded
    ? Math.floor((body.length * 3) / 4) - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0)
    : Buffer.byteLength(body, 'utf8');

const isJsonContentType = (value: string | undefined): boolean =>
  value === undefined || /^application\/([\w.+-]+\+)?json\b/i.test(value.trim());

/**
 * Parses a JSON body into `event.parsedBody`. A body over the size limit is refused before it is
 * decoded or parsed (ERR_PAYLOAD_TOO_LARGE, 413, or the route's own code), so an anonymous caller
 * cannot make the function parse and check megabytes. A malformed body is ERR_INVALID_DATA_FORMAT
 * (400), or the route's own code; a body that declares another content type is
 * ERR_UNSUPPORTED_MEDIA_TYPE (415).
 */
export const jsonBody = (options: JsonBodyOptions = {}): ApiMiddleware => {
  const maxBytes = options.maxBytes ?? defaults.maxBytes;
  const malformedCode = options.malformedCode ?? defaults.malformedCode;
  const tooLargeCode = options.tooLargeCode ?? defaults.tooLargeCode;
  return {
    before: (request) => {
      const { event } = request;
      if (event.body === undefined || event.body === null || event.body === '') return;
      if (decodedBytes(event.body, event.isBase64Encoded) > maxBytes) throw new AppError(tooLargeCode);
      const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
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
