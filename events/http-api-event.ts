import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

export interface HttpApiEventInput {
  method: string;
  /** The full path, /api included. */
  path: string;
  headers?: Record<string, string>;
  /** `name=value` each, as payload 2.0 gives the Cookie header. */
  cookies?: string[];
  query?: Record<string, string>;
  body?: string;
  sourceIp?: string;
}

/** An API Gateway HTTP API payload 2.0 event, as API Gateway builds it for a request. */
export const httpApiEvent = (input: HttpApiEventInput): APIGatewayProxyEventV2 => {
  const headers = Object.fromEntries(
    Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const rawQueryString = new URLSearchParams(input.query ?? {}).toString();
  const now = new Date();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: input.path,
    rawQueryString,
    ...(input.cookies?.length ? { cookies: input.cookies } : {}),
    headers,
    ...(input.query && Object.keys(input.query).length ? { queryStringParameters: { ...input.query } } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: input.method,
        path: input.path,
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(input.body === undefined ? {} : { body: input.body }),
    isBase64Encoded: false,
  };
};

/** A Lambda context for invoking a handler outside Lambda. */
export const lambdaContext = (functionName: string, timeoutMs = 29_000): Context => {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};
