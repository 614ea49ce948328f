import {
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * What the proxies in front of s3rver (the guard, the fault proxy) share: passing a request on as it
 * came, and listening beside s3rver.
 */

export interface S3Proxy {
  /** The proxy's endpoint, for AWS_ENDPOINT_URL_S3 of the functions. */
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Sends the request on to s3rver unchanged (the Host header too: s3rver checks the signature against
 * it) and streams its answer back, with the headers `answerHeaders` makes of s3rver's.
 */
export const forwardToUpstream = (
  upstream: URL,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  answerHeaders: (headers: IncomingHttpHeaders) => IncomingHttpHeaders = (headers) => headers,
): void => {
  const forwarded = request(
    {
      hostname: upstream.hostname,
      port: upstream.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answerHeaders(answer.headers));
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => outgoing.destroy());
  incoming.pipe(forwarded);
};

/** Starts the proxy's server on a free port of s3rver's host. */
export const listenBeside = async (server: Server, upstream: URL): Promise<S3Proxy> => {
  await new Promise<void>((resolve) => server.listen(0, upstream.hostname, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `${upstream.protocol}//${upstream.hostname}:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
