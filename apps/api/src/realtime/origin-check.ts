import type { IncomingMessage } from 'node:http';

export interface OriginPolicy {
  /** CORS_ORIGINS: other origins allowed to use the API and the socket. */
  corsOrigins: string[];
  /** PUBLIC_URL, when set: the site's public origin. */
  publicUrl: string | undefined;
  /** TRUST_PROXY: the proxy's X-Forwarded-Host names the site's own host. */
  trustProxy: boolean;
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Issue 31 finding 8: a browser on another site can open a socket that carries our session cookie.
 * A handshake with an `Origin` is accepted only from the site's own origin (the Host it was sent
 * to, the proxy's forwarded host, PUBLIC_URL) or a CORS_ORIGINS entry. No Origin (a native app, a
 * server, a test client) is not a browser carrying someone's cookie, and still needs its token.
 */
export function allowedOrigin(request: IncomingMessage, policy: OriginPolicy): boolean {
  const header = request.headers.origin;
  if (header === undefined) return true;
  const origin = originOf(header);
  if (!origin) return false;
  const allowed = new Set(policy.corsOrigins.map(originOf).filter((o): o is string => Boolean(o)));
  const publicOrigin = policy.publicUrl ? originOf(policy.publicUrl) : null;
  if (publicOrigin) allowed.add(publicOrigin);
  if (allowed.has(origin)) return true;
  const host = new URL(origin).host.toLowerCase();
  const hosts = [request.headers.host];
  if (policy.trustProxy) {
    const forwarded = request.headers['x-forwarded-host'];
    hosts.push(...(Array.isArray(forwarded) ? forwarded : (forwarded ?? '').split(',')));
  }
  return hosts.some((candidate) => candidate?.trim().toLowerCase() === host);
}
