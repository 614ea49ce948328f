import type { ApiResult } from './api-types.ts';

/** API answers are JSON and never cached by a browser or CloudFront. */
export const jsonResponse = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ApiResult => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
