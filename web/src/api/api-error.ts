import { errorCodes, type ErrorCode } from '@cpbo/schemas/error-catalogue.ts';

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

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    code?: string | undefined;
    status?: number;
    requestId?: string | undefined;
    details?: unknown;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status ?? 0;
    this.requestId = init.requestId;
    this.details = init.details;
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

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && (errorCodes as readonly string[]).includes(code);

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
