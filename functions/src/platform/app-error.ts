import { errorCatalogue, type ErrorBody, type ErrorCode } from '@cpbo/schemas/error-catalogue.ts';

/** A failure the caller can act on: answered with its catalogue status and code. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, options: { message?: string; details?: unknown; cause?: unknown } = {}) {
    super(options.message ?? errorCatalogue[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.details = options.details;
  }

  toBody(requestId?: string): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(requestId ? { requestId } : {}),
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
