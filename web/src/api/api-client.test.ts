import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../browser/browser.ts';
import { fakeApi } from '../test/fake-api.ts';
import { apiFetch, REQUEST_TIMEOUT_MS, setAccessTokenProvider } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { forgetEarlyReads, keepEarlyRead } from './early-reads.ts';
import { subscribeToErrors } from './error-bus.ts';

/** Collects what the global error dialog would show. */
const publishedErrors = () => {
  const errors: ApiError[] = [];
  const stop = subscribeToErrors((error) => errors.push(error));
  return { errors, stop };
};

afterEach(() => {
  setAccessTokenProvider(() => Promise.resolve(null));
});

describe('apiFetch', () => {
  it('should send JSON with the access token and resolve with the parsed answer', async () => {
    setAccessTokenProvider(() => Promise.resolve('access-1'));
    const api = fakeApi({ 'POST /api/members': { status: 201, body: { id: 'm-1' } } });

    const answer = await apiFetch<{ id: string }>('/members', { method: 'POST', body: { name: 'Asha' } });

    expect(answer).toEqual({ id: 'm-1' });
    const [request] = api.requests;
    expect(request?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.body).toEqual({ name: 'Asha' });
  });

  it('should send no token on an anonymous call, and the given one when told', async () => {
    setAccessTokenProvider(() => Promise.resolve('access-1'));
    const api = fakeApi({ 'POST /api/auth/login': { body: {} }, 'GET /api/auth/refresh': { body: {} } });

    await apiFetch('/auth/login', { method: 'POST', body: {}, auth: 'none' });
    await apiFetch('/auth/refresh', { auth: { bearer: 'refresh-1' } });

    expect(api.bearerOf('POST /api/auth/login')).toBeNull();
    expect(api.bearerOf('GET /api/auth/refresh')).toBe('Bearer refresh-1');
  });

  it('should send the Idempotency-Key given with a write, a key of its own with any other write, none with a read', async () => {
    const api = fakeApi({ 'POST /api/members': { status: 201, body: {} }, 'GET /api/members': { body: [] } });

    await apiFetch('/members', { method: 'POST', body: {}, idempotencyKey: 'key-of-the-action-1' });
    await apiFetch('/members', { method: 'POST', body: {} });
    await apiFetch('/members', { method: 'POST', body: {} });
    await apiFetch('/members');

    const keys = api.requests.map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe('key-of-the-action-1');
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).toBeNull();
  });

  it('should add the query string, leaving out undefined parameters', async () => {
    const api = fakeApi({ 'GET /api/members': { body: [] } });
    await apiFetch('/members', { query: { page: 1, pageSize: 10, 'filter:name': undefined } });
    expect(api.requests[0]?.url.search).toBe('?page=1&pageSize=10');
  });

  it('should publish a non-OK answer as a global error and reject with its code', async () => {
    fakeApi({
      'POST /api/members': {
        status: 409,
        body: { code: 'ERR_DUPLICATE_MEMBER', message: 'duplicate', requestId: 'req-7' },
      },
    });
    const { errors, stop } = publishedErrors();

    const failure = apiFetch('/members', { method: 'POST', body: {} });

    await expect(failure).rejects.toMatchObject({
      kind: 'http',
      status: 409,
      code: 'ERR_DUPLICATE_MEMBER',
      requestId: 'req-7',
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]?.code).toBe('ERR_DUPLICATE_MEMBER');
    stop();
  });

  it('should keep how long a busy server asked to wait (Retry-After)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'ERR_SERVICE_BUSY', message: 'busy' }), {
            status: 503,
            headers: { 'Retry-After': '5' },
          }),
      ),
    );

    await expect(apiFetch('/members', { errors: 'caller' })).rejects.toMatchObject({
      status: 503,
      code: 'ERR_SERVICE_BUSY',
      retryAfterMs: 5_000,
    });
  });

  it('should still fail with the status when the error body is not JSON (a proxy page)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const { errors, stop } = publishedErrors();

    await expect(apiFetch('/members')).rejects.toMatchObject({ status: 502, code: undefined });
    expect(errors[0]?.message).toBe('HTTP 502 Bad Gateway');
    stop();
  });

  it('should leave a failure to the caller when asked, without the global dialog', async () => {
    fakeApi({ 'POST /api/auth/login': { status: 401, body: { code: 'ERR_LOGIN_INVALID', message: 'bad' } } });
    const { errors, stop } = publishedErrors();

    await expect(
      apiFetch('/auth/login', { method: 'POST', body: {}, auth: 'none', errors: 'caller' }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(errors).toEqual([]);
    stop();
  });

  it('should reload the page on a JWT validation error, without the dialog', async () => {
    setAccessTokenProvider(() => Promise.resolve('access-1'));
    fakeApi({
      'GET /api/me/enabler': {
        status: 401,
        body: { code: 'ERR_UNAUTHENTICATED', message: 'JWT validation error' },
      },
    });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { errors, stop } = publishedErrors();

    await expect(apiFetch('/me/enabler')).rejects.toMatchObject({ code: 'ERR_UNAUTHENTICATED' });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([]);
    stop();
  });

  it('should reload the page on a JWT validation error of a call that shows its own failures', async () => {
    // The member list shows its failures itself (offline fallback): an ended session is still the page's.
    setAccessTokenProvider(() => Promise.resolve('access-1'));
    fakeApi({
      'GET /api/members': {
        status: 401,
        body: { code: 'ERR_UNAUTHENTICATED', message: 'JWT validation error' },
      },
    });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { errors, stop } = publishedErrors();

    await expect(apiFetch('/members', { errors: 'caller' })).rejects.toMatchObject({
      code: 'ERR_UNAUTHENTICATED',
    });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([]);
    stop();
  });

  it('should not reload when the session cookie itself is refused: a reload would ask again', async () => {
    fakeApi({
      'GET /api/auth/refresh': {
        status: 401,
        body: { code: 'ERR_UNAUTHENTICATED', message: 'JWT validation error' },
      },
    });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { stop } = publishedErrors();

    await expect(
      apiFetch('/auth/refresh', { auth: 'none', errors: 'caller', sessionCookie: true }),
    ).rejects.toMatchObject({ code: 'ERR_UNAUTHENTICATED' });
    expect(reload).not.toHaveBeenCalled();
    stop();
  });

  it('should not reload on another 401 (a refused login)', async () => {
    fakeApi({ 'POST /api/auth/login': { status: 401, body: { code: 'ERR_LOGIN_INVALID', message: 'bad' } } });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { stop } = publishedErrors();

    await expect(apiFetch('/auth/login', { method: 'POST', body: {}, auth: 'none' })).rejects.toThrow();
    expect(reload).not.toHaveBeenCalled();
    stop();
  });

  it('should give up after 45 s and publish ERR_REQUEST_TIMEOUT', async () => {
    vi.useFakeTimers();
    // A server that never answers: the request only ends when aborted.
    const fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const { errors, stop } = publishedErrors();

    const failure = apiFetch('/members');
    const outcome = failure.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    expect(REQUEST_TIMEOUT_MS).toBe(45_000);
    expect(await outcome).toMatchObject({ kind: 'timeout', code: 'ERR_REQUEST_TIMEOUT' });
    expect(errors.map((error) => error.code)).toEqual(['ERR_REQUEST_TIMEOUT']);
    stop();
  });

  it('should publish a network failure as a technical error', async () => {
    fakeApi({ 'GET /api/members': { networkError: true } });
    const { errors, stop } = publishedErrors();

    await expect(apiFetch('/members')).rejects.toMatchObject({ kind: 'network', code: undefined });
    expect(errors[0]?.message).toBe('Failed to fetch');
    stop();
  });

  it('should resolve an empty answer (204) with undefined', async () => {
    fakeApi({ 'DELETE /api/admin/users/a%40b.org': { status: 204 } });
    await expect(apiFetch('/admin/users/a%40b.org', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  describe('with a read begun early (early-reads.ts)', () => {
    afterEach(forgetEarlyReads);

    it("should answer a screen's plain read of that address from it, and ask for any other", async () => {
      const api = fakeApi({ 'GET /api/members/m-1': { body: { id: 'm-1', name: 'from the server' } } });
      keepEarlyRead('/members/m-1', Promise.resolve({ id: 'm-1', name: 'early' }));

      // A read with a query string or its own token is not the screen's read of the record.
      await expect(apiFetch('/members/m-1', { query: { view: 'x' } })).resolves.toMatchObject({
        name: 'from the server',
      });
      await expect(apiFetch('/members/m-1', { auth: { bearer: 'b' } })).resolves.toMatchObject({
        name: 'from the server',
      });
      await expect(apiFetch('/members/m-1')).resolves.toMatchObject({ name: 'early' });
      expect(api.requests).toHaveLength(2);
    });

    it('should ask again when the early read failed, the failure shown as the caller wants', async () => {
      const api = fakeApi({ 'GET /api/members/m-1': { status: 503, body: { code: 'ERR_UNAVAILABLE' } } });
      const { errors, stop } = publishedErrors();
      keepEarlyRead('/members/m-1', Promise.reject(new Error('network')));

      await expect(apiFetch('/members/m-1')).rejects.toMatchObject({ code: 'ERR_UNAVAILABLE' });
      stop();
      expect(api.requests).toHaveLength(1);
      expect(errors.map((error) => error.code)).toEqual(['ERR_UNAVAILABLE']);
    });

    it('should drop it when the session changes: another enabler’s records are not this one’s', async () => {
      const api = fakeApi({
        'GET /api/auth/enablerProfile/e-2': { body: {} },
        'GET /api/me/enabler': { body: { name: 'the second enabler' } },
      });
      keepEarlyRead('/me/enabler', Promise.resolve({ name: 'the first enabler' }));

      await apiFetch('/auth/enablerProfile/e-2', { sessionCookie: true });

      await expect(apiFetch('/me/enabler')).resolves.toEqual({ name: 'the second enabler' });
      expect(api.calls()).toEqual(['GET /api/auth/enablerProfile/e-2', 'GET /api/me/enabler']);
    });

    it('should drop it at a write, which may change what it read', async () => {
      const api = fakeApi({
        'POST /api/members/m-1/cashouts': { status: 201, body: {} },
        'GET /api/members/m-1': { body: { id: 'm-1', name: 'after the write' } },
      });
      keepEarlyRead('/members/m-1', Promise.resolve({ id: 'm-1', name: 'before the write' }));

      await apiFetch('/members/m-1/cashouts', { method: 'POST', body: { amount: 5 } });

      await expect(apiFetch('/members/m-1')).resolves.toMatchObject({ name: 'after the write' });
      expect(api.calls()).toEqual(['POST /api/members/m-1/cashouts', 'GET /api/members/m-1']);
    });
  });
});
