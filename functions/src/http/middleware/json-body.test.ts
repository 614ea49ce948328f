import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES } from '#http/routes.ts';
import { runMiddleware } from '../../testing/run-middleware.ts';
import { jsonBody } from './json-body.ts';

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => ({
  method: 'POST',
  path: '/api/things',
  headers,
  body,
});

describe('jsonBody', () => {
  it('should leave a request without a body alone', async () => {
    const { event, handlerCalls } = await runMiddleware(jsonBody(), { method: 'GET', path: '/api/things' });
    expect(event.parsedBody).toBeUndefined();
    expect(handlerCalls).toBe(1);
  });

  it('should parse a JSON body into event.parsedBody', async () => {
    const { event } = await runMiddleware(jsonBody(), post('{"amount":12.5,"plots":["p1"]}'));
    expect(event.parsedBody).toEqual({ amount: 12.5, plots: ['p1'] });
  });

  it('should take a body without a content type, and any JSON media type', async () => {
    const headersTried: Record<string, string>[] = [
      {},
      { 'content-type': 'application/merge-patch+json; charset=utf-8' },
    ];
    for (const headers of headersTried) {
      const { event } = await runMiddleware(jsonBody(), post('{"a":1}', headers));
      expect(event.parsedBody).toEqual({ a: 1 });
    }
  });

  it('should decode a base64-encoded body', async () => {
    const event = { ...post(''), body: Buffer.from('{"name":"Amélie"}').toString('base64') };
    const run = runMiddleware(jsonBody(), event, { extra: { isBase64Encoded: true } });
    expect((await run).event.parsedBody).toEqual({ name: 'Amélie' });
  });

  it('should refuse a malformed body with ERR_INVALID_DATA_FORMAT, or the code it is given', async () => {
    await expect(runMiddleware(jsonBody(), post('{"amount":'))).rejects.toMatchObject({
      code: 'ERR_INVALID_DATA_FORMAT',
      status: 400,
    });
    await expect(
      runMiddleware(jsonBody({ malformedCode: 'ERR_IMPORT_INVALID_FILE' }), post('not json')),
    ).rejects.toMatchObject({ code: 'ERR_IMPORT_INVALID_FILE' });
  });

  it('should refuse a body that declares another media type with ERR_UNSUPPORTED_MEDIA_TYPE', async () => {
    await expect(
      runMiddleware(jsonBody(), post('a=1', { 'content-type': 'application/x-www-form-urlencoded' })),
    ).rejects.toMatchObject({ code: 'ERR_UNSUPPORTED_MEDIA_TYPE', status: 415 });
  });

  it('should refuse a body over the limit before parsing it, with ERR_PAYLOAD_TOO_LARGE or the code it is given', async () => {
    // Malformed too: the size is checked first.
    const tooLong = `{"text":"${'x'.repeat(DEFAULT_MAX_BODY_BYTES)}`;
    await expect(runMiddleware(jsonBody(), post(tooLong))).rejects.toMatchObject({
      code: 'ERR_PAYLOAD_TOO_LARGE',
      status: 413,
    });
    await expect(
      runMiddleware(jsonBody({ maxBytes: 10, tooLargeCode: 'ERR_FILE_TOO_LONG' }), post('{"a":"12345"}')),
    ).rejects.toMatchObject({ code: 'ERR_FILE_TOO_LONG' });
  });

  it('should count the bytes of the decoded body against the limit', async () => {
    // Five bytes in UTF-8 ("é" is two), eight characters in base64.
    const body = Buffer.from('"éa"').toString('base64');
    const run = (maxBytes: number) =>
      runMiddleware(jsonBody({ maxBytes }), { ...post(''), body }, { extra: { isBase64Encoded: true } });
    expect((await run(5)).event.parsedBody).toBe('éa');
    await expect(run(4)).rejects.toMatchObject({ code: 'ERR_PAYLOAD_TOO_LARGE' });
    expect((await runMiddleware(jsonBody({ maxBytes: 5 }), post('"éa"'))).event.parsedBody).toBe('éa');
    await expect(runMiddleware(jsonBody({ maxBytes: 4 }), post('"éa"'))).rejects.toMatchObject({
      code: 'ERR_PAYLOAD_TOO_LARGE',
    });
  });
});
