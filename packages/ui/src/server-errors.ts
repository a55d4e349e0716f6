import { isApiError } from '@d3/api-client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * The account endpoints name their field errors the seed's way (first_name, last_name, phone); the
 * forms' fields are camelCase. Each server field maps to one form field, first message only (seed 000 §5).
 */
export const REGISTER_FIELD_MAP = {
  first_name: 'firstName',
  firstName: 'firstName',
  last_name: 'lastName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phoneNumber',
  phoneNumber: 'phoneNumber',
  phone_number: 'phoneNumber',
  password: 'password',
} as const;

type TRegisterFormField = (typeof REGISTER_FIELD_MAP)[keyof typeof REGISTER_FIELD_MAP];
type ServerFieldErrors = Record<string, string | readonly string[]> | undefined;

/** The server's field errors keyed by the form's fields (`fieldOf` names the form field, or none), first message each. */
function serverFieldErrors<F extends string>(
  errors: ServerFieldErrors,
  fieldOf: (serverField: string) => F | undefined,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const [serverField, raw] of Object.entries(errors ?? {})) {
    const field = fieldOf(serverField);
    const message = typeof raw === 'string' ? raw : raw[0];
    if (field && message && !out[field]) out[field] = message;
  }
  return out;
}

export function mapRegisterFieldErrors(
  errors: ServerFieldErrors,
): Partial<Record<TRegisterFormField, string>> {
  return serverFieldErrors(errors, (name) => REGISTER_FIELD_MAP[name as keyof typeof REGISTER_FIELD_MAP]);
}

/** The register map limited to a form's own fields (a profile form has no password). */
export function registerFieldOf<F extends string>(fields: readonly F[]) {
  return (serverField: string): F | undefined => {
    const field = REGISTER_FIELD_MAP[serverField as keyof typeof REGISTER_FIELD_MAP] ?? serverField;
    return fields.find((name) => name === field);
  };
}

/**
 * Puts a failed call's field errors under the form's fields (focus on the first) and returns how many
 * it placed: none means the page shows the error for the whole form.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldOf: (serverField: string) => Path<T> | undefined,
  setError: UseFormSetError<T>,
): number {
  if (!isApiError(error)) return 0;
  const entries = Object.entries(serverFieldErrors(error.fieldErrors, fieldOf)) as [Path<T>, string][];
  entries.forEach(([field, message], index) => {
    setError(field, { message }, { shouldFocus: index === 0 });
  });
  return entries.length;
}
