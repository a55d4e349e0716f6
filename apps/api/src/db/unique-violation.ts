/**
 * The PostgreSQL unique violation (23505) behind an error, looking through the `cause`s drizzle wraps
 * driver errors in: its constraint's name (the driver's message when it names none), or undefined
 * when the error is no unique violation.
 */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return typeof candidate.constraint === 'string'
        ? candidate.constraint
        : String(candidate.message ?? '');
    }
    current = candidate.cause;
  }
  return undefined;
}
