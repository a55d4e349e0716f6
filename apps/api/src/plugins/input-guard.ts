import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error.js';

export const NUL_MESSAGE = 'Text must not contain NUL (\\u0000) characters';
export const INVALID_TEXT_MESSAGE = 'Text must be valid Unicode (no unpaired surrogate characters)';

/** A NUL, or a UTF-16 surrogate half without its partner: PostgreSQL cannot store either. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function problemOf(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return INVALID_TEXT_MESSAGE;
  return undefined;
}

/** The first bad string (key or value) under `value`, with its dotted field name. */
function findBadText(value: unknown, field: string, depth = 0): [string, string] | undefined {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem ? [field, problem] : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const keyProblem = problemOf(key);
    if (keyProblem) return [field, keyProblem];
    const found = findBadText(child, `${field}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Issue 14: strings no database column can hold are refused for every route — path parameters,
 * query and JSON body — before the route's own validation runs: 400 VALIDATION_ERROR naming
 * the field, never a 500 from deep inside a query.
 */
export default fp(
  async function inputGuard(app: FastifyInstance) {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      const found =
        findBadText(request.params, 'params') ??
        findBadText(request.query, 'query') ??
        findBadText(request.body, 'body');
      if (found) {
        const [field, message] = found;
        throw new AppError('VALIDATION_ERROR', message, { [field]: message });
      }
    });
  },
  { name: 'input-guard' },
);
