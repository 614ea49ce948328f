import { callApi } from './support/api.ts';
import { describe, expect, test } from './support/test.ts';

describe('the API behind the local server', () => {
  test('should answer an unknown route with a JSON 404', async () => {
    const { status, contentType, body } = await callApi('/no-such-route');
    expect(status).toBe(404);
    expect(contentType).toMatch(/^application\/json/);
    expect(body).toMatchObject({ code: 'ERR_NOT_FOUND' });
  });

  test('should refuse a known route without a token', async () => {
    const { status, body } = await callApi('/members');
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 'ERR_UNAUTHENTICATED' });
  });

  test('should refuse a malformed JSON body', async () => {
    const { status, body } = await callApi('/auth/login', {
      method: 'POST',
      rawBody: '{"username": "admin@demo.local",',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'ERR_INVALID_DATA_FORMAT' });
  });
});
