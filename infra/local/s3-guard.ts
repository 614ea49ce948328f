import { createServer, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@cpbo/functions/platform/s3.ts';

/*
 * What stands in front of s3rver on a laptop (docs/security.md, "The local runtime"). s3rver answers
 * anonymous requests, does not check SigV4 signatures and allows every origin, so any page open in the
 * developer's browser could list and read the files bucket (payment files with bank accounts). The
 * guard answers like S3 with a private bucket: a request must carry a valid signature of the local
 * credentials (a header or a presigned URL, within its time), and only the application's own origin
 * gets CORS answers.
 */

export interface S3GuardOptions {
  /** s3rver's endpoint (on 127.0.0.1). */
  target: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
  /** The origins a browser may call from (the application's); none for the tests' stores. */
  allowedOrigins: () => readonly string[];
  now?: () => Date;
}

export interface S3Guard {
  endpoint: string;
  stop(): Promise<void>;
}

/** How far a signed request's time may be from the guard's, as S3 allows (RequestTimeTooSkewed). */
const SKEW_MS = 15 * 60 * 1000;
/** The methods the SPA uses on presigned URLs: downloads and uploads. */
const CORS_METHODS = ['GET', 'HEAD', 'PUT'];

/** `20261129T063000Z` as a date. */
const amzDate = (value: string | undefined): Date | undefined => {
  const match = value && /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return match
    ? new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`)
    : undefined;
};

const headerOf = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** The query as the signer reads it: decoded values, a repeated name as a list. */
const queryOf = (search: URLSearchParams, leaveOut: (name: string) => boolean) => {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of search) {
    if (leaveOut(name)) continue;
    const held = query[name];
    query[name] = held === undefined ? value : [...[held].flat(), value];
  }
  return query;
};

interface Signed {
  /** The request as signed: its method, path, query and the headers the signature names. */
  method: string;
  host: string;
  path: string;
  search: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/** The signature a request claims, how it was made, and when. */
const claimOf = ({ headers, search }: Signed) => {
  const authorization = headerOf(headers, 'authorization');
  if (authorization) {
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    const date = amzDate(headerOf(headers, 'x-amz-date'));
    if (!match || !date) return undefined;
    const [, accessKeyId, region, signedHeaders = '', signature] = match;
    return {
      presigned: false,
      accessKeyId,
      region,
      signedHeaders: signedHeaders.split(';'),
      signature,
      date,
    };
  }
  if (search.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return undefined;
  const credential = /^([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request$/.exec(search.get('X-Amz-Credential') ?? '');
  const date = amzDate(search.get('X-Amz-Date') ?? undefined);
  const expires = Number(search.get('X-Amz-Expires'));
  const signature = search.get('X-Amz-Signature') ?? '';
  if (!credential || !date || !Number.isInteger(expires) || expires < 1 || expires > 604_800)
    return undefined;
  if (!/^[0-9a-f]{64}$/.test(signature)) return undefined;
  return {
    presigned: true,
    accessKeyId: credential[1],
    region: credential[2],
    signedHeaders: (search.get('X-Amz-SignedHeaders') ?? '').split(';'),
    signature,
    date,
    expires,
  };
};

/** The query parameters of a presigned URL's own signature. */
const presignParameter = (name: string) =>
  [
    'X-Amz-Algorithm',
    'X-Amz-Credential',
    'X-Amz-Date',
    'X-Amz-Expires',
    'X-Amz-SignedHeaders',
    'X-Amz-Signature',
    'X-Amz-Security-Token',
  ].includes(name);

/**
 * Whether a request carries a valid SigV4 signature of the local credentials, at a time S3 would take
 * (a presigned URL before its expiry). The path is checked both as S3's signers write it (as sent) and
 * escaped once more (the functions' own signed fetches, platform/s3.ts).
 */
export const validlySigned = async (
  signed: Signed,
  { credentials, region }: Pick<S3GuardOptions, 'credentials' | 'region'>,
  now: Date,
): Promise<boolean> => {
  const claim = claimOf(signed);
  if (!claim || claim.accessKeyId !== credentials.accessKeyId || claim.region !== region) return false;
  if (!claim.signedHeaders.includes('host')) return false;
  const age = now.getTime() - claim.date.getTime();
  if (age < -SKEW_MS) return false;
  if (claim.presigned ? age > (claim.expires ?? 0) * 1000 : age > SKEW_MS) return false;
  const [hostname, port] = signed.host.split(':');
  const headers = Object.fromEntries(
    claim.signedHeaders.map((name) => [
      name,
      name === 'host' ? signed.host : (headerOf(signed.headers, name) ?? ''),
    ]),
  );
  const unsigned = {
    method: signed.method,
    protocol: 'http:',
    hostname: hostname ?? '',
    ...(port ? { port: Number(port) } : {}),
    path: signed.path,
    query: queryOf(signed.search, claim.presigned ? presignParameter : () => false),
    headers,
  };
  for (const uriEscapePath of [false, true]) {
    const signer = new SignatureV4({
      service: 's3',
      region,
      credentials,
      sha256: Sha256,
      uriEscapePath,
      applyChecksum: false,
    });
    if (claim.presigned) {
      // A presigned URL's payload is unsigned; the headers it signed stay headers (the rest are in its query).
      const payload = 'x-amz-content-sha256';
      const presigned = await signer.presign(
        { ...unsigned, headers: { ...headers, [payload]: 'UNSIGNED-PAYLOAD' } },
        {
          signingDate: claim.date,
          expiresIn: claim.expires,
          unhoistableHeaders: new Set([...Object.keys(headers), payload]),
          ...(!claim.signedHeaders.includes(payload) && { unsignableHeaders: new Set([payload]) }),
        },
      );
      if (presigned.query?.['X-Amz-Signature'] === claim.signature) return true;
    } else {
      const resigned = await signer.sign(unsigned, { signingDate: claim.date });
      if (
        headerOf(resigned.headers as IncomingHttpHeaders, 'authorization')?.endsWith(
          `Signature=${claim.signature}`,
        )
      )
        return true;
    }
  }
  return false;
};

const refuse = (status: number, code: string, message: string) => ({
  status,
  body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
});

/** The CORS headers of an answer to `origin`: only the application's own gets any. */
const corsHeaders = (origin: string | undefined, allowed: readonly string[]): Record<string, string> =>
  origin && allowed.includes(origin)
    ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'ETag', vary: 'Origin' }
    : { vary: 'Origin' };

const withoutCors = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith('access-control-')));

/** Starts the guard on 127.0.0.1, in front of s3rver. */
export const startS3Guard = async (options: S3GuardOptions): Promise<S3Guard> => {
  const upstream = new URL(options.target);
  const now = options.now ?? (() => new Date());
  const answer = (
    outgoing: import('node:http').ServerResponse,
    status: number,
    headers: Record<string, string>,
    body = '',
  ) => {
    outgoing.writeHead(status, { 'content-type': 'application/xml', ...headers });
    outgoing.end(body);
  };
  const server = createServer((incoming: IncomingMessage, outgoing) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', 'http://guard');
      const origin = headerOf(incoming.headers, 'origin');
      const allowed = options.allowedOrigins();
      if (incoming.method === 'OPTIONS') {
        const method = headerOf(incoming.headers, 'access-control-request-method') ?? '';
        if (!origin || !allowed.includes(origin) || !CORS_METHODS.includes(method)) {
          const refused = refuse(
            403,
            'AccessForbidden',
            'CORSResponse: this origin may not call this store.',
          );
          answer(outgoing, refused.status, { vary: 'Origin' }, refused.body);
          return;
        }
        answer(outgoing, 200, {
          ...corsHeaders(origin, allowed),
          'access-control-allow-methods': CORS_METHODS.join(', '),
          'access-control-allow-headers': headerOf(incoming.headers, 'access-control-request-headers') ?? '',
          'access-control-max-age': '600',
        });
        return;
      }
      const signed = await validlySigned(
        {
          method: incoming.method ?? 'GET',
          host: headerOf(incoming.headers, 'host') ?? '',
          path: url.pathname,
          search: url.searchParams,
          headers: incoming.headers,
        },
        options,
        now(),
      ).catch(() => false);
      if (!signed) {
        incoming.resume();
        const refused = refuse(403, 'AccessDenied', 'Access Denied: only signed requests are answered.');
        answer(outgoing, refused.status, corsHeaders(origin, allowed), refused.body);
        return;
      }
      const forwarded = request(
        {
          hostname: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (upstreamAnswer) => {
          outgoing.writeHead(upstreamAnswer.statusCode ?? 502, {
            ...withoutCors(upstreamAnswer.headers),
            ...corsHeaders(origin, allowed),
          });
          upstreamAnswer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      incoming.pipe(forwarded);
    })();
  });
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
