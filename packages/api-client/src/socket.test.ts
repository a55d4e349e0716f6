// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mswServer } from '@d3/test-support/msw/server';
import { http as mswHttp, passthrough } from 'msw';
import { Server } from 'socket.io';
import { io as io_ } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionEndGuard, createSocketHub, SOCKET_OPTIONS } from './socket';

/** Issue 31: the server ends a session's sockets; the tab's own sign-out or password change is not a lost session. */
describe('createSessionEndGuard', () => {
  it('a session_ended on the stored token with nothing in flight is a lost session', () => {
    let lost = 0;
    const guard = createSessionEndGuard(
      () => 'token-a',
      () => (lost += 1),
    );
    guard.handlerFor('token-a')();
    expect(lost).toBe(1);
  });

  it('ignores it while this tab changes the session, and after, when the stored token is another', async () => {
    let stored: string | null = 'token-a';
    let lost = 0;
    const guard = createSessionEndGuard(
      () => stored,
      () => (lost += 1),
    );
    const onEnded = guard.handlerFor('token-a');
    await guard.during(async () => {
      onEnded(); // the server ended the old token's socket before the answer came back
      await Promise.resolve();
      stored = 'token-b';
    });
    onEnded(); // a late copy of the event (another process) after the new token is stored
    expect(lost).toBe(0);
    stored = null; // signed out
    onEnded();
    expect(lost).toBe(0);
  });

  it('a failed change does not leave the guard closed', async () => {
    let lost = 0;
    const guard = createSessionEndGuard(
      () => 'token-a',
      () => (lost += 1),
    );
    await expect(guard.during(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    guard.handlerFor('token-a')();
    expect(lost).toBe(1);
  });
});

/**
 * Issue 35's fault run: a handshake refused because the server could not check the token (its
 * database did not answer) is not a bad token. Socket.IO never retries a refusal by itself; the hub
 * does, with the seed's back-off, and tells its holders when it gives up. Against a real Socket.IO
 * server whose middleware refuses as the API does.
 */
describe('createSocketHub: a refused handshake', () => {
  type Refusal = 'SERVICE_UNAVAILABLE' | 'SOCKET_AUTH_INVALID';
  const servers: Array<{ close: () => Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  /** A server refusing the first `refusals` handshakes with `code`; counts every handshake. */
  async function refusingServer(code: Refusal, refusals: number) {
    const http = createServer();
    const io = new Server(http);
    const seen = { handshakes: 0, tokens: [] as unknown[] };
    io.use((socket, next) => {
      seen.handshakes += 1;
      seen.tokens.push(socket.handshake.auth.token);
      if (seen.handshakes > refusals) return next();
      const error = new Error('refused') as Error & { data: { code: string } };
      error.data = { code };
      next(error);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    // The suite's MSW refuses requests it has no handler for: this server is a real one.
    mswServer.use(mswHttp.all(`http://127.0.0.1:${port}/*`, () => passthrough()));
    servers.push({ close: () => new Promise((resolve) => io.close(() => resolve())) });
    const connect = (token: string) =>
      io_(`http://127.0.0.1:${port}`, { ...SOCKET_OPTIONS, transports: ['websocket'], auth: { token } });
    return { seen, connect };
  }

  const retry = { attempts: 5, delayMs: 50, delayMaxMs: 200 };
  const until = async (check: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
    return check();
  };

  it('SERVICE_UNAVAILABLE is tried again with the same token until the server lets it in', async () => {
    const { seen, connect } = await refusingServer('SERVICE_UNAVAILABLE', 3);
    const hub = createSocketHub(connect, { retry });
    const errors: string[] = [];
    let gaveUp = 0;
    const held = hub.join('token-a', {
      onConnectError: (error) => errors.push((error as Error & { data: { code: string } }).data.code),
      onGaveUp: () => (gaveUp += 1),
    });
    expect(await until(() => held.socket.connected)).toBe(true);
    expect(seen.handshakes).toBe(4);
    expect(seen.tokens).toEqual(['token-a', 'token-a', 'token-a', 'token-a']);
    expect(errors).toEqual(['SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE']);
    expect(gaveUp).toBe(0);
    hub.reset();
  });

  it('after its attempts the holders are told it gave up, and an auth refusal is never tried again', async () => {
    const unavailable = await refusingServer('SERVICE_UNAVAILABLE', Number.POSITIVE_INFINITY);
    const hub = createSocketHub(unavailable.connect, { retry });
    let gaveUp = 0;
    const held = hub.join('token-a', { onGaveUp: () => (gaveUp += 1) });
    expect(await until(() => gaveUp === 1)).toBe(true);
    // The first handshake and five more.
    expect(unavailable.seen.handshakes).toBe(6);
    expect(held.socket.connected).toBe(false);
    hub.reset();

    const invalid = await refusingServer('SOCKET_AUTH_INVALID', Number.POSITIVE_INFINITY);
    const other = createSocketHub(invalid.connect, { retry });
    const codes: string[] = [];
    other.join('token-b', {
      onConnectError: (error) => codes.push((error as Error & { data: { code: string } }).data.code),
    });
    expect(await until(() => codes.length === 1)).toBe(true);
    // Longer than the whole back-off (50 + 100 + 200 + 200 + 200 ms): nothing more came.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(invalid.seen.handshakes).toBe(1);
    expect(codes).toEqual(['SOCKET_AUTH_INVALID']);
    other.reset();
  });

  it('a socket the hub closed is not tried again', async () => {
    const { seen, connect } = await refusingServer('SERVICE_UNAVAILABLE', Number.POSITIVE_INFINITY);
    const hub = createSocketHub(connect, { retry: { ...retry, delayMs: 300 } });
    hub.join('token-a', {});
    expect(await until(() => seen.handshakes === 1)).toBe(true);
    hub.reset();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(seen.handshakes).toBe(1);
  });
});
