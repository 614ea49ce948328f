import { vi } from 'vitest';

/** What a fake API route answers: a status and a JSON body, or a network failure. */
export type FakeAnswer = { status?: number; body?: unknown } | { networkError: true };

export interface FakeRequest {
  method: string;
  /** Path without the query string, e.g. '/api/me/enabler'. */
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type FakeRoutes = Record<
  string,
  FakeAnswer | ((request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>)
>;

export interface FakeApi {
  fetch: ReturnType<typeof vi.fn>;
  requests: FakeRequest[];
  /** 'GET /api/me/enabler' keys of the calls made, in order. */
  calls(): string[];
  /** The first call of a route ('POST /api/auth/login'). */
  requestTo(route: string): FakeRequest | undefined;
  /** The Authorization header sent with the first call of a route. */
  bearerOf(route: string): string | null;
}

const keyOf = (request: FakeRequest) => `${request.method} ${request.path}`;

/**
 * Replaces the global fetch with a route table keyed 'METHOD /path' (query string ignored).
 * An unknown route answers 404 so that a missing stub shows up as a failure.
 */
export function fakeApi(routes: FakeRoutes): FakeApi {
  const requests: FakeRequest[] = [];
  // Built by hand rather than with Request: jsdom's AbortSignal is not the one Node's Request accepts.
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const route = routes[keyOf(request)];
    const answer = typeof route === 'function' ? await route(request) : route;
    if (!answer) {
      return new Response(JSON.stringify({ code: 'ERR_NOT_FOUND', message: 'No such route' }), {
        status: 404,
      });
    }
    if ('networkError' in answer) throw new TypeError('Failed to fetch');
    const { status = 200, body } = answer;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    requests,
    calls: () => requests.map(keyOf),
    requestTo: (route) => requests.find((request) => keyOf(request) === route),
    bearerOf: (route) =>
      requests.find((request) => keyOf(request) === route)?.headers.get('Authorization') ?? null,
  };
}

const base64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A JWT-shaped token whose only meaningful claim is its expiry (unix seconds). */
export function fakeAccessTokenUntil(exp: number, subject = 'user@example.org'): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(JSON.stringify({ sub: subject, exp }));
  return `${header}.${payload}.signature`;
}

/** A JWT-shaped token expiring `secondsLeft` from now. */
export const fakeAccessToken = (secondsLeft: number, subject?: string): string =>
  fakeAccessTokenUntil(Math.floor(Date.now() / 1000) + secondsLeft, subject);
