/** `AppError` carries a code of the shared table (packages/shared/src/api/error-codes.ts); the error handler renders the envelope. */
import { ERROR_CODES, type ErrorCode } from '@d3/shared/api/error-codes';

export { ERROR_CODES, type ErrorCode };

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: Record<string, string>,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_CODES[code].message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }
}
