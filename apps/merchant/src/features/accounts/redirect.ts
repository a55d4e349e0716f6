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
