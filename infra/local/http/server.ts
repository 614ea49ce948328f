import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { AppError } from '@cpbo/functions/platform/app-error.ts';
import type { AppConfig } from '@cpbo/schemas/app-config.ts';
import { ORIGIN_VERIFY_HEADER } from '../../lib/origin-verify-header.ts';
import { securityHeaders } from '../../lib/security-headers.ts';
import { withViewerHost } from '../../lib/viewer-host.ts';
import type { HttpTarget } from '../functions-code.ts';
import { toApiEvent } from './api-event.ts';
import { fromApiResult, type HttpAnswer } from './api-result.ts';
import { BodyTooLargeError, readBody } from './read-body.ts';
import { isApiPath, matchRoute } from './route-match.ts';
import {
  compressBody,
  compressStream,
  isCompressible,
  minCompressedBytes,
  negotiateCoding,
  varyOnEncoding,
  type ContentCoding,
} from './compression.ts';
import { precompressedCopies, resolveStaticFile } from './static-files.ts';

export interface LocalServerOptions {
  /** The built SPA (web/dist). */
  webDist: string;
  /** Shown by the SPA's header; served as /config.json. */
  environmentName: string;
  /** Runs the function of a target with an API Gateway event, as the API's integration does. */
  invoke(target: HttpTarget, event: APIGatewayProxyEventV2): Promise<APIGatewayProxyResultV2>;
  /** Each call's outcome. */
  log(line: string): void;
  /** Failures of the functions or of the server itself. */
  warn(line: string): void;
  /** Lambda refuses request payloads over 6 MB. */
  maxBodyBytes?: number;
  /**
   * The files store's origin, which the Content-Security-Policy lets the SPA PUT uploads to (s3rver's,
   * known once it runs: asked at each answer).
   */
  filesOrigin: () => string;
  /**
   * Serve the API's origin (API Gateway's own address) instead: the API only, to the calls that carry
   * CloudFront's origin-verify header with this value; the others answered as API Gateway answers for
   * the authorizer.
   */
  originSecret?: string;
}

type SecurityHeaders = Readonly<Record<string, string>>;

const json = (status: number, body: unknown): HttpAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: Buffer.from(JSON.stringify(body)),
});

/** CloudFront's response headers policy overrides what the origin sent: so do these. */
const withSecurityHeaders = (
  headers: OutgoingHttpHeaders,
  security: SecurityHeaders,
): OutgoingHttpHeaders => ({
  ...headers,
  ...security,
});

const send = (
  response: ServerResponse,
  security: SecurityHeaders,
  answer: HttpAnswer,
  headOnly = false,
): void => {
  response.writeHead(
    answer.status,
    withSecurityHeaders({ ...answer.headers, 'content-length': answer.body.length }, security),
  );
  response.end(headOnly ? undefined : answer.body);
};

const headerText = (value: OutgoingHttpHeaders[string]): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** A text answer of some size compressed as the caller accepts, as CloudFront does; Vary says so. */
const encodeAnswer = async (answer: HttpAnswer, acceptEncoding: string | undefined): Promise<HttpAnswer> => {
  if (!isCompressible(headerText(answer.headers['content-type'])) || answer.headers['content-encoding']) {
    return answer;
  }
  const headers = { ...answer.headers, vary: varyOnEncoding(answer.headers.vary) };
  const coding = answer.body.length >= minCompressedBytes ? negotiateCoding(acceptEncoding) : undefined;
  if (!coding) return { ...answer, headers };
  return {
    status: answer.status,
    headers: { ...headers, 'content-encoding': coding },
    body: await compressBody(answer.body, coding),
  };
};

// A browser that goes away mid-file is no failure of the server.
const ignoreClosedByBrowser = (error: unknown): void => {
  if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
};

const callApi = async (
  request: IncomingMessage,
  url: string,
  path: string,
  options: LocalServerOptions,
): Promise<HttpAnswer> => {
  const requestId = randomUUID();
  let body: Buffer;
  try {
    body = await readBody(
      request,
      options.maxBodyBytes ?? 6 * 1024 * 1024,
      request.headers['content-length'],
    );
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    const answer = json(413, new AppError('ERR_PAYLOAD_TOO_LARGE').toBody(requestId));
    // The rest of the body is never read, so the connection cannot carry another request.
    return { ...answer, headers: { ...answer.headers, connection: 'close' } };
  }
  const method = request.method ?? 'GET';
  const { target, routeKey } = matchRoute(method, path);
  const event = toApiEvent({
    method,
    url,
    // As CloudFront's function on /api/* names the host the browser asked for, and API Gateway the
    // protocol the call came by: plain HTTP here.
    headers: { ...withViewerHost(request.headers), 'x-forwarded-proto': 'http' },
    sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
    body,
    routeKey,
    requestId,
    receivedAt: new Date(),
  });
  try {
    return fromApiResult(await options.invoke(target, event));
  } catch (error) {
    // What API Gateway answers when the function itself fails.
    options.warn(
      `[api] ${routeKey} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return json(500, { message: 'Internal Server Error' });
  }
};

/**
 * A file of the built SPA: its pre-compressed copy when the browser accepts one, else compressed on
 * the way when it is text of some size, else as it is.
 */
const serveStatic = async (
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  method: string,
  webDist: string,
  security: SecurityHeaders,
): Promise<void> => {
  const file = await resolveStaticFile(webDist, path);
  if (!file.found) {
    send(response, security, {
      status: file.status,
      headers: { 'content-type': 'text/plain' },
      body: Buffer.from('Not found'),
    });
    return;
  }
  const headers: OutgoingHttpHeaders = {
    'content-type': file.contentType,
    'cache-control': file.cacheControl,
  };
  const acceptEncoding = request.headers['accept-encoding'];
  let source = file.file;
  let coding: ContentCoding | undefined;
  if (isCompressible(file.contentType)) {
    headers.vary = 'Accept-Encoding';
    const copies = await precompressedCopies(file.file);
    coding = negotiateCoding(acceptEncoding, Object.keys(copies) as ContentCoding[]);
    const copy = coding && copies[coding];
    if (copy) {
      source = copy.file;
      headers['content-length'] = copy.size;
    } else if (file.size >= minCompressedBytes) {
      coding = negotiateCoding(acceptEncoding);
    }
    if (coding) headers['content-encoding'] = coding;
  }
  if (!coding) headers['content-length'] = file.size;
  response.writeHead(200, withSecurityHeaders(headers, security));
  if (method === 'HEAD') {
    response.end();
    return;
  }
  // Without a copy the length is not known before the end: the answer goes out in chunks.
  const sending =
    coding && source === file.file
      ? pipeline(createReadStream(source), compressStream(coding), response)
      : pipeline(createReadStream(source), response);
  await sending.catch(ignoreClosedByBrowser);
};

/**
 * API Gateway's answer to a call that did not come through CloudFront: 401 without the header (the
 * authorizer's identity source), 403 when the authorizer refuses its value; 404 off the API's routes.
 */
const originRefusal = (request: IncomingMessage, path: string, secret: string): HttpAnswer | undefined => {
  if (!isApiPath(path)) return json(404, { message: 'Not Found' });
  const given = request.headers[ORIGIN_VERIFY_HEADER];
  if (given === undefined) return json(401, { message: 'Unauthorized' });
  return given === secret ? undefined : json(403, { message: 'Forbidden' });
};

/** The local stand-in for CloudFront + API Gateway: /api to the functions, the rest to the SPA. */
export const createLocalServer = (options: LocalServerOptions): Server =>
  createServer((request, response) => {
    const started = Date.now();
    const url = request.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const method = request.method ?? 'GET';
    const security = securityHeaders(options.filesOrigin());
    const handle = async (): Promise<void> => {
      const refusal =
        options.originSecret === undefined ? undefined : originRefusal(request, path, options.originSecret);
      if (refusal) {
        send(response, security, refusal, method === 'HEAD');
      } else if (isApiPath(path)) {
        const answer = await encodeAnswer(
          await callApi(request, url, path, options),
          request.headers['accept-encoding'],
        );
        send(response, security, answer, method === 'HEAD');
        options.log(`[api] ${method} ${path} → ${answer.status} (${Date.now() - started} ms)`);
      } else if (method !== 'GET' && method !== 'HEAD') {
        send(response, security, { status: 405, headers: { allow: 'GET, HEAD' }, body: Buffer.alloc(0) });
      } else if (path === '/config.json') {
        send(
          response,
          security,
          json(200, { environment: options.environmentName } satisfies AppConfig),
          method === 'HEAD',
        );
      } else {
        await serveStatic(request, response, path, method, options.webDist, security);
      }
    };
    handle().catch((error: unknown) => {
      options.warn(`[http] ${method} ${path} failed: ${String(error)}`);
      if (!response.headersSent) send(response, security, json(500, { message: 'Internal Server Error' }));
      else response.destroy();
    });
  });
