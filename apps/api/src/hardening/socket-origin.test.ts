import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createCustomer, customerToken, seedPlaces } from '../test/factories.js';
import { listenUrl } from '../test/sockets.js';

/**
 * Issue 31 finding 8: a handshake from `Origin: https://evil.example` carrying only the session
 * cookie connected. A handshake with an Origin outside the site's own (the Host it was sent to),
 * PUBLIC_URL and CORS_ORIGINS is refused; one without an Origin is not a browser and still needs
 * its token.
 */
let test: TestApp;
let url: string;
let cookie: string;

beforeAll(async () => {
  test = await buildTestApp({ env: { CORS_ORIGINS: 'https://partner.example' } });
  await seedPlaces(test.app.db);
  url = await listenUrl(test.app);
  const user = await createCustomer(test.app.db);
  cookie = `access_token=${await customerToken(test, user.id)}`;
});
afterAll(async () => test?.close());

/** A websocket handshake with only the cookie, from `origin`: 'connected' or the error's message. */
function handshake(origin: string | undefined, transport: 'websocket' | 'polling' = 'websocket') {
  const headers: Record<string, string> = { cookie, ...(origin ? { origin } : {}) };
  const socket = connect(url, {
    path: '/socket.io',
    transports: [transport],
    forceNew: true,
    reconnection: false,
    timeout: 5000,
    extraHeaders: headers,
    transportOptions: { websocket: { extraHeaders: headers }, polling: { extraHeaders: headers } },
  });
  return new Promise<string>((resolve) => {
    socket.once('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}

describe('Socket.IO checks the Origin', () => {
  it('refuses a handshake from another site that carries the session cookie, on websocket and polling', async () => {
    expect(await handshake('https://evil.example')).not.toBe('connected');
    expect(await handshake('https://evil.example', 'polling')).not.toBe('connected');
    expect(await handshake('null')).not.toBe('connected');
    // A look-alike of the site's own host on another port or scheme is another origin.
    const own = new URL(url);
    expect(await handshake(`http://${own.hostname}:${Number(own.port) + 1}`)).not.toBe('connected');
  });

  it('accepts the site itself, CORS_ORIGINS, and a client with no Origin', async () => {
    expect(await handshake(url)).toBe('connected');
    expect(await handshake(url, 'polling')).toBe('connected');
    expect(await handshake('https://partner.example')).toBe('connected');
    expect(await handshake(undefined)).toBe('connected');
  });
});
