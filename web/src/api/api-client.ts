import { SESSION_COOKIE_HEADER } from '@cpbo/schemas/session-cookie.ts';
import { browser } from '../browser/browser.ts';
import { ApiError, retryAfterMs } from './api-error.ts';
import { forgetEarlyReads, takeEarlyRead } from './early-reads.ts';
import { publishError } from './error-bus.ts';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 45_000;
/** The message the API answers for a missing, bad or expired access token (code ERR_UNAUTHENTICATED). */
export const JWT_VALIDATION_ERROR = 'JWT validation error';

/**
 * access: the session's access token (renewed first when about to expire); none: anonymous call;
 * { bearer }: an explicit access token, e.g. one just renewed for the logout.
 */
export type ApiAuth = 'access' | 'none' | { bearer: string };

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  auth?: ApiAuth;
  /**
   * global (default): a failure is shown in the error dialog, and a 'JWT validation error' reloads
   * the page. caller: the caller shows the failure itself (inline message, quiet start-up).
   * The promise rejects with an ApiError in both cases.
   */
  errors?: 'global' | 'caller';
  /**
   * The Idempotency-Key of a write: the same for every try of one confirmed action, so that the
   * server records it once (see use-action-key.ts). Writes without one get a key of their own.
   */
  idempotencyKey?: string;
  /**
   * An auth call of the session: the API keeps the refresh token in its HttpOnly cookie, out of the
   * page's reach, and reads it from there (docs/security.md).
   */
  sessionCookie?: boolean;
}

type AccessTokenProvider = () => Promise<string | null>;

// The session registers itself here, so that the API layer does not depend on the app layer.
let accessTokenProvider: AccessTokenProvider = () => Promise.resolve(null);

export function setAccessTokenProvider(provider: AccessTokenProvider): void {
  accessTokenProvider = provider;
}

const queryString = (query: ApiRequest['query']): string => {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) parameters.append(name, String(value));
  }
  const text = parameters.toString();
  return text ? `?${text}` : '';
};

const bearerFor = async (auth: ApiAuth): Promise<string | null> => {
  if (auth === 'none') return null;
  if (auth === 'access') return accessTokenProvider();
  return auth.bearer;
};

interface ErrorBodyShape {
  code?: unknown;
  message?: unknown;
  requestId?: unknown;
  details?: unknown;
}

/** Builds the error from a non-OK answer, whatever its body (JSON from the API, HTML from a proxy…). */
const errorFromResponse = (response: Response, text: string): ApiError => {
  let body: ErrorBodyShape = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as ErrorBodyShape;
  } catch {
    // Not JSON: the status line is all there is to show.
  }
  return new ApiError({
    kind: 'http',
    status: response.status,
    code: typeof body.code === 'string' ? body.code : undefined,
    message:
      typeof body.message === 'string' && body.message
        ? body.message
        : `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    requestId: typeof body.requestId === 'string' ? body.requestId : undefined,
    details: body.details,
    retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
  });
};

const parseBody = <T>(text: string): T => (text ? (JSON.parse(text) as T) : (undefined as T));

/** Calls the API and resolves with the parsed JSON answer; rejects with an ApiError on any failure. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    auth = 'access',
    errors = 'global',
    idempotencyKey,
    sessionCookie = false,
  } = request;
  // A write, or a change of the session (an administrator's switch of enabler), may change what was read early.
  if (method !== 'GET' || sessionCookie) forgetEarlyReads();
  else if (auth === 'access' && query === undefined) {
    const early = takeEarlyRead<T>(path);
    // A failed early read is asked again, and its failure shown as this caller wants.
    if (early) return early.catch(() => apiFetch<T>(path, request));
  }
  let bearer: string | null = null;
  const fail = (error: ApiError): never => {
    // An access token no longer accepted ends the page's session, whoever asked (a caller that shows
    // its own failures included): a fresh start restores the session or shows the login page. A
    // refused session cookie is the session's own answer: reloading would only ask again.
    if (error.message === JWT_VALIDATION_ERROR && bearer) browser.reload();
    else if (errors === 'global') publishError(error);
    throw error;
  };

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['Idempotency-Key'] = idempotencyKey ?? crypto.randomUUID();
  if (sessionCookie) headers[SESSION_COOKIE_HEADER] = '1';
  try {
    bearer = await bearerFor(auth);
  } catch (error) {
    // A renewal that could not reach the server is shown like any unreachable call; a refused
    // renewal ends the session, which the session itself reports.
    if (error instanceof ApiError && error.isNetworkFailure) return fail(error);
    throw error;
  }
  if (bearer) headers.Authorization = `Bearer ${bearer}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${API_BASE}${path}${queryString(query)}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    text = await response.text();
  } catch (cause) {
    if (controller.signal.aborted) {
      return fail(
        new ApiError({
          kind: 'timeout',
          code: 'ERR_REQUEST_TIMEOUT',
          status: 0,
          message: `No answer within ${REQUEST_TIMEOUT_MS / 1000} s.`,
        }),
      );
    }
    return fail(
      new ApiError({ kind: 'network', message: cause instanceof Error ? cause.message : String(cause) }),
    );
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) return fail(errorFromResponse(response, text));
  try {
    return parseBody<T>(text);
  } catch {
    return fail(
      new ApiError({ kind: 'http', status: response.status, message: 'The answer is not valid JSON.' }),
    );
  }
}
