import { describe, expect, it } from 'vitest';
import { queryParameters, requestTime, toApiEvent, type ApiCall } from './api-event.ts';

const call = (overrides: Partial<ApiCall> = {}): ApiCall => ({
  method: 'GET',
  url: '/api/members?page=1',
  headers: { host: 'localhost:3000', 'user-agent': 'test-agent' },
  sourceIp: '127.0.0.1',
  body: Buffer.alloc(0),
  routeKey: 'GET /api/members',
  requestId: 'request-1',
  receivedAt: new Date(Date.UTC(2026, 2, 5, 9, 3, 58)),
  ...overrides,
});

describe('toApiEvent', () => {
  it('should split the path from the raw query string and keep both encoded', () => {
    const event = toApiEvent(call({ url: '/api/members/a%20b?filter%3Aname=J%C3%BC' }));
    expect(event.rawPath).toBe('/api/members/a%20b');
    expect(event.requestContext.http.path).toBe('/api/members/a%20b');
    expect(event.rawQueryString).toBe('filter%3Aname=J%C3%BC');
    expect(event.queryStringParameters).toEqual({ 'filter:name': 'Jü' });
  });

  it('should move cookies out of the headers', () => {
    const event = toApiEvent(call({ headers: { cookie: 'a=1; refresh=xyz', host: 'localhost' } }));
    expect(event.cookies).toEqual(['a=1', 'refresh=xyz']);
    expect(event.headers.cookie).toBeUndefined();
  });

  it('should describe the request context as API Gateway does', () => {
    const { requestContext, version, routeKey } = toApiEvent(call());
    expect(version).toBe('2.0');
    expect(routeKey).toBe('GET /api/members');
    expect(requestContext.http).toMatchObject({
      method: 'GET',
      sourceIp: '127.0.0.1',
      userAgent: 'test-agent',
    });
    expect(requestContext.requestId).toBe('request-1');
    expect(requestContext.time).toBe('05/Mar/2026:09:03:58 +0000');
  });

  it('should pass a JSON body as text and a binary body as base64', () => {
    const json = toApiEvent(
      call({ headers: { 'content-type': 'application/json' }, body: Buffer.from('{"a":1}') }),
    );
    expect(json).toMatchObject({ body: '{"a":1}', isBase64Encoded: false });
    const binary = toApiEvent(
      call({ headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50]) }),
    );
    expect(binary).toMatchObject({ body: 'iVA=', isBase64Encoded: true });
  });

  it('should leave the body out when there is none', () => {
    const event = toApiEvent(call());
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });
});

describe('queryParameters', () => {
  it('should join repeated parameters with commas', () => {
    expect(queryParameters('federation=a&federation=b&page=2')).toEqual({ federation: 'a,b', page: '2' });
  });

  it('should be undefined for an empty query string', () => {
    expect(queryParameters('')).toBeUndefined();
  });
});

describe('requestTime', () => {
  it('should pad days and times', () => {
    expect(requestTime(new Date(Date.UTC(2020, 0, 1, 1, 2, 3)))).toBe('01/Jan/2020:01:02:03 +0000');
  });
});
