/** `AppError` carries a code of the shared table (packages/shared/src/api/error-codes.ts); the error handler renders the envelope. */
import { ERROR_CODES, type ErrorCode } from '@d3/shared/api/error-codes';

export { ERROR_CODES, type ErrorCode };

let keptStackLimit = Error.stackTraceLimit;

/**
 * A client's error (4xx) is an answer, not a fault: its Error captures no stack trace (issue 38: in
 * a booking rush, 180 'slot taken' answers spent more on their stacks than on the answers). Called
 * for `super`'s argument, just before the stack is captured; the constructor puts the limit back.
 */
function stacklessFor(status: number, message: string): string {
  keptStackLimit = Error.stackTraceLimit;
  if (status < 500) Error.stackTraceLimit = 0;
  return message;
}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: Record<string, string>,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(stacklessFor(ERROR_CODES[code].status, message ?? ERROR_CODES[code].message));
    Error.stackTraceLimit = keptStackLimit;
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }
}
