import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export interface ApiCall {
  method: string;
  /** The request target as received: path and query string, still percent-encoded. */
  url: string;
  headers: IncomingHttpHeaders;
  sourceIp: string;
  body: Buffer;
  routeKey: string;
  requestId: string;
  receivedAt: Date;
}

// Bodies of these types reach the function as text; API Gateway base64-encodes everything else.
const textContentType =
  /^(text\/|application\/([\w.+-]+\+)?(json|xml)\b|application\/(javascript|x-www-form-urlencoded)\b)/i;

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** API Gateway's requestContext.time: "12/Mar/2020:19:03:58 +0000". */
export const requestTime = (date: Date): string =>
  `${twoDigits(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
  `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())} +0000`;

/** Repeated parameters are joined with commas, as API Gateway does in payload 2.0. */
export const queryParameters = (rawQueryString: string): Record<string, string> | undefined => {
  const joined: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    joined[name] = name in joined ? `${joined[name]},${value}` : value;
  }
  return Object.keys(joined).length ? joined : undefined;
};

const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(',') : value;

/** The request as an API Gateway HTTP API (payload format 2.0) event. */
export const toApiEvent = (call: ApiCall): APIGatewayProxyEventV2 => {
  const queryStart = call.url.indexOf('?');
  const rawPath = queryStart === -1 ? call.url : call.url.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : call.url.slice(queryStart + 1);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.headers)) {
    const joined = headerValue(value);
    // Payload 2.0 moves cookies out of the headers into their own list.
    if (joined !== undefined && name !== 'cookie') headers[name] = joined;
  }
  const cookies = call.headers.cookie
    ?.split(';')
    .map((cookie) => cookie.trim())
    .filter(Boolean);
  const queryStringParameters = queryParameters(rawQueryString);
  const isText = textContentType.test(headers['content-type'] ?? 'application/json');
  const hasBody = call.body.length > 0;
  const host = headers.host ?? 'localhost';
  return {
    version: '2.0',
    routeKey: call.routeKey,
    rawPath,
    rawQueryString,
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: host,
      domainPrefix: host.split('.')[0] ?? host,
      http: {
        method: call.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: call.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: call.requestId,
      routeKey: call.routeKey,
      stage: '$default',
      time: requestTime(call.receivedAt),
      timeEpoch: call.receivedAt.getTime(),
    },
    ...(hasBody ? { body: call.body.toString(isText ? 'utf8' : 'base64') } : {}),
    isBase64Encoded: hasBody && !isText,
  };
};
