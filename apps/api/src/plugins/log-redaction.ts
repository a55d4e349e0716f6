/** Where log lines go (pino's destination stream shape). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Issue 14: no log line carries a credential, hash, token, one-time code or phone number (nor an
 * e-mail address). Three layers, all in pino, so they hold on every line whoever logs it:
 *  - `formatters.log` replaces the value of every key that holds a secret or contact details, at any
 *    depth, and scrubs every string (messages, URLs); `redact` covers the request headers;
 *  - the `err` serializer drops a failed query's parameters (Drizzle puts the inserted e-mail,
 *    phone and password hash into the error message) and scrubs message, stack and cause;
 *  - `req` and `res` are written by serializers of their own (method, scrubbed URL, status).
 *
 * pino runs `formatters.log` before the serializers, so the formatter leaves `req`, `res` and `err`
 * to them: walking a Fastify request or an Error there turned them into `{}` and
 * `"[object Object]"` (stop 30), and cost ~1 ms a request at `info`. Key redaction is ours, not
 * pino's wildcard paths: `@pinojs/redact` parses every path again on each line and each request's
 * child logger (~11 % of a trivial request's CPU with 63 paths), and reached only three levels deep.
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

const SECRET_KEY_SET = new Set(SECRET_KEYS.map((key) => key.toLowerCase()));

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
];

/** Keys whose values pino hands to a serializer below, after `formatters.log` has run. */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);

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
  if (value instanceof Error) return serializeError(value);
  if (value === null || typeof value !== 'object' || value instanceof Date || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return scrubFields(value as Record<string, unknown>, depth + 1);
}

/** Each field scrubbed, a secret key's value replaced outright; `keep` lists fields left as they are. */
function scrubFields(object: Record<string, unknown>, depth: number, keep?: ReadonlySet<string>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (keep?.has(key)) out[key] = value;
    else out[key] = SECRET_KEY_SET.has(key.toLowerCase()) ? REDACTED : scrubValue(value, depth);
  }
  return out;
}

/** What `formatters.log` writes: every field scrubbed but those a serializer writes after it. */
function scrubLogObject(object: Record<string, unknown>): Record<string, unknown> {
  return scrubFields(object, 1, SERIALIZED_KEYS);
}

/** An address as its reader sees it ('%40' as '@'), so the patterns find what it encodes. */
function decodedAddress(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** Fastify's request line: its method, scrubbed (decoded) URL and the caller's address. */
function serializeRequest(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: scrubText(decodedAddress(String(request.url ?? ''))),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function serializeReply(reply: { statusCode?: number }) {
  return { statusCode: reply.statusCode };
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
    serializers: { err: serializeError, req: serializeRequest, res: serializeReply },
    formatters: { log: scrubLogObject },
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
