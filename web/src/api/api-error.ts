/**
 * http: the API answered with a non-OK status; timeout: no answer within the time limit;
 * network: the request could not be sent or the answer not read (offline, DNS, CORS…).
 */
export type ApiErrorKind = 'http' | 'timeout' | 'network';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The catalogue code the API answered, when it answered one. */
  readonly code: string | undefined;
  /** HTTP status; 0 when no answer came. */
  readonly status: number;
  readonly requestId: string | undefined;
  /** What the API said more of the error (e.g. an import file's problems). */
  readonly details: unknown;
  /** How long the server asked to wait before trying again (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    code?: string | undefined;
    status?: number;
    requestId?: string | undefined;
    details?: unknown;
    retryAfterMs?: number | undefined;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status ?? 0;
    this.requestId = init.requestId;
    this.details = init.details;
    this.retryAfterMs = init.retryAfterMs;
  }

  /** True when the server was not reached: worth retrying later, and no proof that a token is bad. */
  get isNetworkFailure(): boolean {
    return this.kind !== 'http';
  }

  /** True when the server was not reached or failed (5xx): no proof that a token is bad either. */
  get isServerFailure(): boolean {
    return this.isNetworkFailure || this.status >= 500;
  }
}

/**
 * A Retry-After header as milliseconds from `now`: seconds, or an HTTP date (RFC 9110, section 10.2.3);
 * undefined without one or when it says neither.
 */
export const retryAfterMs = (header: string | null, now: number = Date.now()): number | undefined => {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  // An HTTP date starts with its day's name; Date.parse alone would take "-5" for a year.
  if (!/^[A-Za-z]/.test(header.trim())) return undefined;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
