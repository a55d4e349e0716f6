/** Where log lines go (pino's destination stream shape). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Issue 14: no log line carries a credential, hash, token, one-time code or phone number (nor an
 * e-mail address). Three layers, all in pino, so they hold on every line whoever logs it:
 *  - `redact`: structured keys that hold secrets or contact details are replaced outright;
 *  - the `err` serializer drops a failed query's parameters (Drizzle puts the inserted e-mail,
 *    phone and password hash into the error message) and scrubs message, stack and cause;
 *  - `formatters.log` and `hooks.logMethod` scrub every remaining string (messages, URLs).
 */
export const REDACTED = '[redacted]';

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'password_hash',
  'otp',
  'code',
  'codeHash',
  'token',
  'access_token',
  'refresh_token',
  'accessToken',
  'credential',
  'idToken',
  'phone',
  'phoneNumber',
  'phone_number',
  'email',
  'secret',
  'apiKey',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

const PATTERNS: Array<[RegExp, string]> = [
  [/\$argon2(?:id|i|d)\$[^\s,"'\])]+/g, '[redacted-hash]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[redacted-token]'],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[redacted-email]'],
  // A one-time code written next to its name ("code 493817", "otp: 493817").
  [/\b(code|otp|pin)(\W{1,3}|\s+is\s+)\d{4,8}\b/gi, '$1$2[redacted-otp]'],
  // Kenyan mobiles in every spelling (+2547…, 2547…, 07…, 01…) and other E.164 numbers.
  [/(?:\+|\b)254[17]\d{8}\b|\b0[17]\d{8}\b|\+\d{9,15}\b/g, '[redacted-phone]'],
];

export function scrubText(text: string): string {
  // A failed query's message ends with its parameters: never log them.
  const withoutParams = text.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  return PATTERNS.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    withoutParams,
  );
}

function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = scrubValue(child, depth + 1);
  return out;
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error) || depth > 4) {
    return { type: typeof error, message: scrubText(String(error)), stack: '' };
  }
  const withExtras = error as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: error.name,
    message: scrubText(error.message),
    stack: scrubText(error.stack ?? ''),
    ...(withExtras.code !== undefined ? { code: withExtras.code } : {}),
    ...(withExtras.statusCode !== undefined ? { statusCode: withExtras.statusCode } : {}),
    ...(error.cause !== undefined ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: serializeError },
    formatters: { log: (object: Record<string, unknown>) => scrubValue(object) as Record<string, unknown> },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...values: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)),
        );
      },
    },
  };
}
