import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_CODES } from '../../errors/app-error.js';

/** Seed 000 §5: server field errors for first_name, last_name and phone map to the form's fields. */
export const SEED_FIELD_NAMES: Record<string, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  phoneNumber: 'phone',
};

/**
 * preHandler for routes declared with `attachValidation: true`: throws the usual validation
 * envelope, with field keys renamed (`firstName` -> `first_name`); message = first issue's text.
 */
export function renamedFieldErrors(renames: Record<string, string> = SEED_FIELD_NAMES) {
  return async function renameFieldErrors(request: FastifyRequest) {
    const error = request.validationError;
    if (!error) return;
    if (!hasZodFastifySchemaValidationErrors(error)) throw error;
    const errors: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.split('/').filter(Boolean).join('.') || 'request';
      errors[renames[field] ?? field] ??= issue.message ?? ERROR_CODES.VALIDATION_ERROR.message;
    }
    const first = error.validation[0]?.message ?? ERROR_CODES.VALIDATION_ERROR.message;
    throw new AppError('VALIDATION_ERROR', first, errors);
  };
}
