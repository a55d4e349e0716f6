import type { z } from 'zod';
import { ApiError } from './api-client';

export type TFieldErrors = Record<string, string>;

/** The shared request schema checks the body before it is sent: first message per field. */
export function validateWith<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: TFieldErrors } {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const errors: TFieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A failed save: the server's field errors go inline, anything else becomes one form message. */
export function serverErrors(error: unknown): { fields: TFieldErrors; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: 'An unexpected error occurred' };
  const fields: TFieldErrors = {};
  for (const [key, value] of Object.entries(error.fieldErrors)) {
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string') fields[key] = text;
  }
  return { fields, message: Object.keys(fields).length ? null : error.message };
}

/** '' -> undefined, else a number (NaN stays NaN so the schema names the field). */
export function numberOrUndefined(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

export function textOrNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}
