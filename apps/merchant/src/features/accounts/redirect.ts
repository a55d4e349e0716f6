/** After sign-in: the `redirect` query (a path inside /merchant), else the dashboard. Same-site paths only. */
export function merchantRedirectTarget(search: string, state: unknown): string {
  const candidates = [
    new URLSearchParams(search).get('redirect'),
    state && typeof state === 'object' ? (state as { returnUrl?: unknown }).returnUrl : null,
  ];
  for (const value of candidates) {
    if (typeof value !== 'string') continue;
    if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) continue;
    if (/^\/(sign-in|sign-up)(\/|\?|$)/.test(value)) continue;
    return value;
  }
  return '/';
}

/** Seed 000 §2: the redirect after signing in waits 100 ms. */
export const AFTER_SIGN_IN_DELAY_MS = 100;
