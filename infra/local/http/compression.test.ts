import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBody, isCompressible, negotiateCoding, varyOnEncoding } from './compression.ts';

describe('negotiateCoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['GZIP', 'gzip'],
    [' gzip ; q=0.8 , br ; q=0.9', 'br'],
  ])('should answer %j with %s', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });

  it.each([undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0', 'gzip;q=abc', 'gzip;q=-1'])(
    'should send %j uncompressed',
    (header) => {
      expect(negotiateCoding(header)).toBeUndefined();
    },
  );

  it('should choose among the codings available only', () => {
    expect(negotiateCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateCoding('br', ['gzip'])).toBeUndefined();
    expect(negotiateCoding('br, gzip', [])).toBeUndefined();
  });

  it('should read a header sent several times', () => {
    expect(negotiateCoding(['deflate', 'gzip'])).toBe('gzip');
  });
});

describe('isCompressible', () => {
  it.each([
    'text/html; charset=utf-8',
    'text/javascript; charset=utf-8',
    'text/css; charset=utf-8',
    'application/json',
    'application/json; charset=utf-8',
    'image/svg+xml',
    'application/manifest+json',
  ])('should compress %s', (type) => {
    expect(isCompressible(type)).toBe(true);
  });

  it.each([undefined, 'image/png', 'font/woff2', 'application/octet-stream', 'application/zip'])(
    'should leave %s alone',
    (type) => {
      expect(isCompressible(type)).toBe(false);
    },
  );
});

describe('varyOnEncoding', () => {
  it('should add Accept-Encoding once, keeping the other names', () => {
    expect(varyOnEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyOnEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnEncoding('origin, accept-encoding')).toBe('origin, accept-encoding');
    expect(varyOnEncoding('*')).toBe('*');
  });
});

describe('compressBody', () => {
  const body = Buffer.from(JSON.stringify({ members: Array.from({ length: 200 }, (_, i) => ({ id: i })) }));

  it('should give a brotli stream that inflates back to the body', async () => {
    const compressed = await compressBody(body, 'br');
    expect(compressed.length).toBeLessThan(body.length);
    expect(brotliDecompressSync(compressed).equals(body)).toBe(true);
  });

  it('should give a gzip stream that inflates back to the body', async () => {
    const compressed = await compressBody(body, 'gzip');
    expect(compressed.length).toBeLessThan(body.length);
    expect(gunzipSync(compressed).equals(body)).toBe(true);
  });
});
