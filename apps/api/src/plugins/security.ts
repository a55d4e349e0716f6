import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers for the API and both sites. The CSP allows only our own scripts (and, by their
 * sha256, the few inline scripts the built sites' index.html carry: see inlineScriptHashes), inline styles (React style props), images from anywhere over
 * HTTPS (store logos, OpenStreetMap tiles) and same-origin connections (API, Socket.IO).
 */
const GIS_CLIENT = 'https://accounts.google.com/gsi/client';
const GIS_STYLE = 'https://accounts.google.com/gsi/';

/**
 * The headers helmet sets, computed once. They depend on the options only, never on the request;
 * `@fastify/helmet` built helmet again on every request and parsed the CSP each time (5 % of the API's
 * CPU under the search benchmark, issue 16).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(headers);
}

export default fp(
  async function security(
    app: FastifyInstance,
    options: {
      corsOrigins: string[];
      isProduction: boolean;
      googleSignIn?: boolean;
      /** CSP sources (`'sha256-…'`) of the inline scripts the sites' pages carry (issue 32). */
      inlineScripts?: string[];
    },
  ) {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Google Identity Services only when GOOGLE_CLIENT_ID is set (issue 15).
          scriptSrc: [
            "'self'",
            ...(options.inlineScripts ?? []),
            ...(options.googleSignIn ? [GIS_CLIENT] : []),
          ],
          styleSrc: ["'self'", "'unsafe-inline'", ...(options.googleSignIn ? [GIS_STYLE] : [])],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:', ...(options.googleSignIn ? [GIS_STYLE] : [])],
          frameSrc: ["'self'", 'https://accounts.google.com'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Google sign-in opens a popup that must be able to message us back.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginEmbedderPolicy: false,
      hsts: options.isProduction,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    await app.register(cors, {
      origin: options.corsOrigins.length > 0 ? options.corsOrigins : false,
      credentials: true,
    });
  },
  { name: 'security' },
);
