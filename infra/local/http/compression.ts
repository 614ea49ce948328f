import type { OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { Transform } from 'node:stream';

/** The content codings the local server sends, best first. */
export const contentCodings = ['br', 'gzip'] as const;
export type ContentCoding = (typeof contentCodings)[number];

/** CloudFront leaves smaller answers as they are; so does the local server. */
export const minCompressedBytes = 1000;

/** Text formats gain from compression; images and fonts are compressed already. */
export const isCompressible = (contentType: string | undefined): boolean =>
  contentType !== undefined &&
  /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i.test(contentType);

/**
 * The coding to send for an Accept-Encoding header, among those available: the highest weight wins,
 * brotli before gzip at equal weight; q=0 refuses a coding; "*" stands for the codings not named.
 */
export const negotiateCoding = (
  acceptEncoding: string | string[] | undefined,
  available: readonly ContentCoding[] = contentCodings,
): ContentCoding | undefined => {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: { coding: ContentCoding; weight: number } | undefined;
  for (const coding of contentCodings) {
    if (!available.includes(coding)) continue;
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > 0 && (!best || weight > best.weight)) best = { coding, weight };
  }
  return best?.coding;
};

/** Adds Accept-Encoding to a Vary header, keeping what it already names. */
export const varyOnEncoding = (vary: OutgoingHttpHeaders['vary']): string => {
  const names = String(vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((name) => name.toLowerCase() === 'accept-encoding')) {
    return names.join(', ');
  }
  return [...names, 'Accept-Encoding'].join(', ');
};

// Answers are compressed while the caller waits: a fast brotli level, gzip's default.
const brotliOnTheFly = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const compressBody = (body: Buffer, coding: ContentCoding): Promise<Buffer> =>
  coding === 'br' ? brotliAsync(body, brotliOnTheFly) : gzipAsync(body);

export const compressStream = (coding: ContentCoding): Transform =>
  coding === 'br' ? createBrotliCompress(brotliOnTheFly) : createGzip();
