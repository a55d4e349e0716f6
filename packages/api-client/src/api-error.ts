import { ERROR_CODES, type ErrorCode, isErrorCode } from '@d3/shared/api/error-codes';

/**
 * A code the client may see: one of the server's table (packages/shared/src/api/error-codes.ts), or one the
 * client makes itself — NETWORK_ERROR (no answer), TIMEOUT (no answer in time), HTTP_<status> (an answer
 * without our envelope). Sites switch on it, never on the message text.
 */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'TIMEOUT' | `HTTP_${number}` | (string & {});

/** A failed call: the envelope `{ success: false, message, code, errors? }`, or no answer at all (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Per-field messages from a 400, e.g. `{ email: 'Email is invalid' }`; empty when there are none. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** A 5xx's reference (its request id, issue 35): what support asks for to find its log lines. */
  readonly reference: string | undefined;

  constructor(
    status: number,
    message: string,
    code: ApiErrorCode,
    fieldErrors: Record<string, string> = {},
    reference?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.reference = reference;
  }

  /** True for one of the server's table codes, narrowing `code` to it. */
  is<C extends ErrorCode>(code: C): this is ApiError & { code: C } {
    return this.code === code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function readFieldErrors(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[field] = first;
  }
  return out;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * Maps a failed answer to an ApiError: the envelope's message, else the table's message for its code, else
 * `fallbackMessage`. An answer without a code gets `HTTP_<status>`. With `serverMessage`, a 5xx's message
 * is its text instead (given the reference, if the answer carries a plain one).
 */
export function toApiError(
  status: number,
  body: unknown,
  fallbackMessage: string,
  serverMessage?: (reference: string | undefined) => string,
): ApiError {
  const envelope = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code = text(envelope.code) ?? `HTTP_${status}`;
  const raw = text(envelope.reference);
  const reference = raw && /^[\w.:-]{1,80}$/.test(raw) ? raw : undefined;
  const message =
    serverMessage && status >= 500
      ? serverMessage(reference)
      : (text(envelope.message) ??
        text(envelope.error) ??
        (isErrorCode(code) ? ERROR_CODES[code].message : fallbackMessage));
  return new ApiError(status, message, code, readFieldErrors(envelope.errors), reference);
}
