import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseBusyError } from '../db/query-queue.js';
import { AppError, ERROR_CODES, type ErrorCode } from '../errors/app-error.js';

/** Field name for an issue path like `/body/first_name` or `/phoneNumber`. */
function fieldOf(instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  return parts.join('.') || 'request';
}

function send(reply: FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  return reply.status(error.status).send({
    success: false,
    message: error.message,
    code: error.code,
    ...(error.errors ? { errors: error.errors } : {}),
    // A server-side failure names its request (issue 35): the sites show 'reference …', support
    // finds every log line of that request by the same id (x-request-id).
    ...(error.status >= 500 ? { reference: reply.request.id } : {}),
  });
}

/** Retry-After of a 503 while the database or Redis does not answer (a restart, a failover). */
/** Seconds a caller waits before trying again when the database or Redis did not answer. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The database or Redis is not answering (issue 35: restarted, failing over, connections cut):
 * node-postgres's connection errors, PostgreSQL's admin-shutdown / cannot-connect-now / connection
 * exception classes (57P01-57P03, 08xxx), and ioredis's closed connection or spent retries. These
 * are a 503 with Retry-After, never a 500: the request may simply be tried again.
 */
export function isUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (/^(57P0[123]|08\w{3})$/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'].includes(code))
      return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|Reached the max retries per request|Stream isn't writeable/.test(
        message,
      )
    )
      return true;
    if ((e as { name?: unknown }).name === 'MaxRetriesPerRequestError') return true;
  }
  return false;
}

/**
 * Fastify's `frameworkErrors` (issue 14): errors the router raises before any route or hook runs
 * — a path parameter over `maxParamLength` (default 100) answered 414 in Fastify's own shape,
 * a malformed URL 400. Both get the shared envelope with VALIDATION_ERROR instead.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long (max 100 characters)'
      : 'The URL is not valid';
  return reply
    .status(400)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ success: false, message, code: 'VALIDATION_ERROR' }));
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

/**
 * One error handler for the whole API: typed AppErrors, zod validation errors and
 * framework 4xx errors become the envelope; anything else is a logged 500 whose text
 * never leaves the server.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) return send(reply, error);

      // PGlite's query queue is full (db/query-queue.ts); Drizzle wraps the driver's error.
      const busy = [error, (error as { cause?: unknown }).cause].find((e) => e instanceof DatabaseBusyError);
      if (busy) {
        return send(
          reply,
          new AppError('DATABASE_BUSY', undefined, undefined, {
            'retry-after': String(busy.retryAfterSeconds),
          }),
        );
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = fieldOf(issue.instancePath);
          errors[field] ??= issue.message ?? ERROR_CODES.VALIDATION_ERROR.message;
        }
        const first = error.validation[0]?.message ?? ERROR_CODES.VALIDATION_ERROR.message;
        return send(reply, new AppError('VALIDATION_ERROR', first, errors));
      }

      if (error.statusCode === 429) {
        const retryAfter = String(reply.getHeader('retry-after') ?? 60);
        return send(
          reply,
          new AppError(
            'RATE_LIMITED',
            `Too many requests. Please try again in ${retryAfter} seconds.`,
            undefined,
            {
              'retry-after': retryAfter,
            },
          ),
        );
      }

      const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
      if (mapped) {
        const message = mapped === 'BAD_REQUEST' ? 'Request body is not valid JSON' : undefined;
        return send(reply, new AppError(mapped, message));
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        return send(reply, new AppError('BAD_REQUEST'));
      }

      if (isUnavailable(error)) {
        request.log.warn({ err: error }, 'database or Redis unavailable');
        return send(
          reply,
          new AppError('SERVICE_UNAVAILABLE', undefined, undefined, {
            'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
          }),
        );
      }

      request.log.error({ err: error }, 'unhandled error');
      return send(reply, new AppError('INTERNAL'));
    });
  },
  { name: 'error-handler' },
);
