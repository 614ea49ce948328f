import type { IncomingHttpHeaders } from 'node:http';
import { VIEWER_HOST_HEADER } from '@cpbo/functions/http/middleware/session-cookie.ts';

/*
 * API Gateway sees its own host, not the one the browser asked for, which the API needs to check that a
 * call with the SPA's session cookie comes from the application's own origin
 * (functions/src/http/middleware/session-cookie.ts). CloudFront's /api/* behaviour copies it into a
 * header of its own, replacing whatever a viewer sent under that name; the local server does the same.
 */

/** The viewer-request function of the /api/* behaviour (CloudFront's JavaScript runtime 2.0). */
export const viewerHostFunctionCode = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_HOST_HEADER}'] = { value: request.headers.host ? request.headers.host.value : '' };
  return request;
}`;

/** What that function does to a request's headers, for the local server, which stands in for CloudFront. */
export const withViewerHost = (headers: IncomingHttpHeaders): IncomingHttpHeaders => ({
  ...headers,
  [VIEWER_HOST_HEADER]: headers.host ?? '',
});
