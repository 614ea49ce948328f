import { defaultLogins } from '../infra/local/seed/index.ts';
import { callApi, signIn } from './support/api.ts';
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

  test('should answer malformed path parameters with a 400, never a 500', async () => {
    const token = await signIn(defaultLogins.userEmail, defaultLogins.userPassword);
    for (const id of ['%', 'x'.repeat(3000), '%E0%A4%A']) {
      const { status, body } = await callApi(`/members/${id}`, { token });
      expect(status, id.slice(0, 12)).toBe(400);
      expect(body).toMatchObject({ code: 'ERR_INVALID_DATA_FORMAT' });
    }
  });

  test('should refuse a huge body before reading it, with a small answer', async () => {
    const fields = Object.fromEntries(Array.from({ length: 150_000 }, (_, index) => [`f${index}`, 0]));
    const { status, body } = await callApi('/auth/login', {
      method: 'POST',
      body: { username: 'someone@demo.local', password: 'whatever', ...fields },
    });
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: 'ERR_PAYLOAD_TOO_LARGE' });
    expect(JSON.stringify(body).length).toBeLessThan(1024);
  });
});
