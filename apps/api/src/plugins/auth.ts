import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { AppError } from '../errors/app-error.js';

export type Role = 'customer' | 'merchant';

export interface Session {
  /** User id for customers, merchant id for merchants. */
  sub: string;
  role: Role;
  /** Token version: a password change or reset bumps it and older tokens stop working. */
  tv: number;
  /** The token's expiry (seconds since the epoch); sockets end when it passes. */
  exp?: number | undefined;
}

/** Looks the subject up: false when it no longer exists or its token version moved on. */
export type SessionValidator = (session: Session) => Promise<boolean>;

export const ACCESS_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const ACCESS_TOKEN_COOKIE = 'access_token';
/**
 * Each role has its own cookie, so signing in on the merchant site never replaces a customer
 * session in the same browser (and the reverse). The customer's name is the seed's.
 */
export const SESSION_COOKIES: Record<Role, string> = {
  customer: ACCESS_TOKEN_COOKIE,
  merchant: 'merchant_access_token',
};
const ALGORITHMS = ['HS256'];
/** Verified tokens remembered per process (~300 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    signAccessToken(session: Session): Promise<string>;
    /** Sets the role's 30-day HttpOnly cookie beside the token in the body. */
    setAccessTokenCookie(reply: FastifyReply, token: string, role?: Role): void;
    clearAccessTokenCookie(reply: FastifyReply, role?: Role): void;
    /** Accounts module registers the lookup that enforces revocation. */
    setSessionValidator(role: Role, validator: SessionValidator): void;
    /** The session's account exists and the token is of its current version (sockets re-check). */
    isSessionCurrent(session: Session): Promise<boolean>;
  }
  interface FastifyRequest {
    /** Set by requireCustomer / requireMerchant / optionalSession. */
    session: Session | null;
  }
}

function tokenFrom(request: FastifyRequest, role: Role): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, value] = header.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && value) return value.trim();
  }
  return request.cookies?.[SESSION_COOKIES[role]] || undefined;
}

export default fp(
  async function auth(app: FastifyInstance, options: { secret: string; secureCookie: boolean }) {
    // Imported once as an HMAC key: given the raw bytes, jose imports them again on every sign and
    // every verify (a WebCrypto importKey per authenticated request).
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(options.secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    const validators = new Map<Role, SessionValidator>();
    // Tokens whose signature and claims verified, by their exact text (issue 16): a client sends the
    // same token on every request, and the HMAC check was the costliest step of a request that reads
    // one row. Only a string that verified is ever in here; expiry is checked on every use, and
    // revocation (the session validator below) still runs on every request.
    const verified = new LRUCache<string, JWTPayload>({ max: VERIFIED_TOKENS_KEPT });

    app.decorateRequest('session', null);

    app.decorate('signAccessToken', (session: Session) =>
      new SignJWT({ role: session.role, tv: session.tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(session.sub)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    );

    app.decorate('setAccessTokenCookie', (reply: FastifyReply, token: string, role: Role = 'customer') => {
      reply.setCookie(SESSION_COOKIES[role], token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookie,
        path: '/',
        maxAge: ACCESS_TOKEN_TTL_SECONDS,
      });
    });
    app.decorate('clearAccessTokenCookie', (reply: FastifyReply, role: Role = 'customer') => {
      reply.clearCookie(SESSION_COOKIES[role], { path: '/' });
    });
    app.decorate('setSessionValidator', (role: Role, validator: SessionValidator) => {
      validators.set(role, validator);
    });
    app.decorate('isSessionCurrent', async (session: Session) => {
      const validator = validators.get(session.role);
      return validator ? validator(session) : true;
    });

    /** Verifies the token (signature, alg allow-list, exp) and the subject; null when absent. */
    async function readSession(
      request: FastifyRequest,
      cookieRole: Role = 'customer',
    ): Promise<Session | null> {
      const token = tokenFrom(request, cookieRole);
      if (!token) return null;
      let payload = verified.get(token);
      if (payload) {
        // Verified before: only its expiry can have changed (as jose checks it, to the second).
        if (typeof payload.exp === 'number' && payload.exp <= Math.floor(Date.now() / 1000)) {
          verified.delete(token);
          throw new AppError('SESSION_EXPIRED');
        }
      } else {
        try {
          ({ payload } = await jwtVerify(token, key, { algorithms: ALGORITHMS }));
        } catch (error) {
          if (error instanceof joseErrors.JWTExpired) throw new AppError('SESSION_EXPIRED');
          throw new AppError('UNAUTHENTICATED', 'Invalid or expired authentication token');
        }
        verified.set(token, payload);
      }
      const { sub, role, tv, exp } = payload;
      if (typeof sub !== 'string' || (role !== 'customer' && role !== 'merchant') || typeof tv !== 'number') {
        throw new AppError('UNAUTHENTICATED', 'Invalid or expired authentication token');
      }
      const session: Session = { sub, role, tv, exp: typeof exp === 'number' ? exp : undefined };
      const validator = validators.get(role);
      if (validator && !(await validator(session))) throw new AppError('SESSION_EXPIRED');
      return session;
    }

    app.decorate('readSession', readSession);
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** `role` picks which session cookie to read when there is no Bearer header. */
    readSession(request: FastifyRequest, role?: Role): Promise<Session | null>;
  }
}

function requireRole(role: Role) {
  return async function requireRoleHandler(this: FastifyInstance, request: FastifyRequest) {
    const session = await this.readSession(request, role);
    if (!session) throw new AppError('UNAUTHENTICATED');
    // A customer token never passes a merchant check and the reverse.
    if (session.role !== role) throw new AppError('FORBIDDEN');
    request.session = session;
  };
}

/** preHandler: a signed-in customer. */
export const requireCustomer = requireRole('customer');
/** preHandler: a signed-in merchant. */
export const requireMerchant = requireRole('merchant');

/**
 * preValidation: a signed-in customer or merchant (bearer token, else either session cookie);
 * `message` replaces the 401's default text.
 */
export function requireSignedIn(message?: string) {
  return async function requireSignedInHandler(this: FastifyInstance, request: FastifyRequest) {
    const session =
      (await this.readSession(request, 'customer')) ?? (await this.readSession(request, 'merchant'));
    if (!session) throw new AppError('UNAUTHENTICATED', message);
    request.session = session;
  };
}

/** preHandler for public routes that personalise when signed in (an invalid token is ignored). */
export async function optionalSession(this: FastifyInstance, request: FastifyRequest) {
  try {
    request.session = await this.readSession(request);
  } catch {
    request.session = null;
  }
}
