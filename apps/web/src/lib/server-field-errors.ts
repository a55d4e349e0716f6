/**
 * The register endpoint names its field errors the seed's way (first_name, last_name, phone); the form's
 * fields are camelCase. Each server field maps to one form field, first message only (seed 000 §5).
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

export type TRegisterFormField = (typeof REGISTER_FIELD_MAP)[keyof typeof REGISTER_FIELD_MAP];

export function mapRegisterFieldErrors(
  errors: Record<string, string | readonly string[]> | undefined,
): Partial<Record<TRegisterFormField, string>> {
  const out: Partial<Record<TRegisterFormField, string>> = {};
  for (const [serverField, raw] of Object.entries(errors ?? {})) {
    const field = REGISTER_FIELD_MAP[serverField as keyof typeof REGISTER_FIELD_MAP];
    const message = typeof raw === 'string' ? raw : raw[0];
    if (field && message && !out[field]) out[field] = message;
  }
  return out;
}
