/**
 * The SPA fallback rule, shared by the local server and the CloudFront function: whether a request
 * path names a file of the build (else it is a screen and gets index.html). The build writes its
 * files under /assets/ (hashed names) and a few top-level names with an extension (index.html,
 * config.json); any deeper path is a screen whatever its last segment holds, so that
 * /UpdateUser/agent%40example.org or /Member/m.1 open their screen.
 *
 * Its text is also the CloudFront function's code: no inner functions or outside names (a
 * transpiler would add helpers to them), only what the CloudFront JavaScript runtime knows.
 */
export function isSpaFile(path: string): boolean {
  return /^\/assets\//.test(path) || /^\/[^/]*\.[A-Za-z0-9]+$/.test(path);
}

/** The viewer-request function of the SPA's CloudFront behaviour, built from the rule above. */
export const spaFallbackFunctionCode = `var isSpaFile = ${isSpaFile.toString()};
function handler(event) {
  var request = event.request;
  if (!isSpaFile(request.uri)) request.uri = '/index.html';
  return request;
}`;
