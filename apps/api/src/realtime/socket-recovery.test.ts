import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { registerCustomer, send } from '../test/accounts-helpers.js';
import { API, useApiTestApp } from '../test/build-app.js';
import { collect, listenUrl, nextEvent, wait } from '../test/sockets.js';
import { twoProcessesAvailable, useTwoProcesses } from '../test/two-processes.js';

/**
 * Issue 35: Socket.IO connection state recovery. A client whose connection drops and that comes
 * back within two minutes gets its socket and rooms back and every event it missed, once each;
 * with Redis the missed events come from the Redis stream, whichever process emitted them. A
 * session ended meanwhile is not recovered (the handshake's token is checked again).
 */
const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

/** A client that reconnects by itself (as the sites' does), connected and announced. */
async function recoveringSocket(url: string, token: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 200,
    auth: { token },
  });
  sockets.push(socket);
  await nextEvent(socket, 'connect', 10_000);
  // The first event carries an offset: from then on the client can say where it stopped.
  await nextEvent(socket, 'connection_established', 10_000).catch(() => undefined);
  await new Promise((resolve) => socket.emit('user_join', {}, resolve));
  return socket;
}

/** Drops the transport the way a network or a proxy does (no disconnect packet), and waits for it. */
async function drop(socket: Socket): Promise<void> {
  const gone = nextEvent(socket, 'disconnect', 5000);
  socket.io.engine.close();
  await gone;
}

async function waitFor(condition: () => boolean, ms = 10_000) {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await wait(20);
  }
}

describe('one process', () => {
  const test = useApiTestApp();

  it('a client that reconnects gets the events it missed, once each, and its rooms back', async () => {
    const url = await listenUrl(test.app);
    const { token, user } = await registerCustomer(test.app);
    const socket = await recoveringSocket(url, token);
    const seen = collect<{ n: number }>(socket, 'ops_probe');
    test.app.realtime.emitToUser(user.id, 'ops_probe', { n: 1 });
    await waitFor(() => seen.length === 1);

    await drop(socket);
    // Sent while the client is away.
    test.app.realtime.emitToUser(user.id, 'ops_probe', { n: 2 });
    test.app.realtime.emitToUser(user.id, 'ops_probe', { n: 3 });
    await nextEvent(socket, 'connect', 10_000);
    expect(socket.recovered).toBe(true);
    test.app.realtime.emitToUser(user.id, 'ops_probe', { n: 4 });
    await waitFor(() => seen.length >= 4);
    await wait(200);
    expect(seen.map((event) => event.n)).toEqual([1, 2, 3, 4]);
  });

  it('a session ended while the client was away is not recovered', async () => {
    const url = await listenUrl(test.app);
    const { token } = await registerCustomer(test.app);
    const socket = await recoveringSocket(url, token);
    socket.io.reconnection(false);
    await drop(socket);
    const logout = await send(test.app, 'POST', `${API}/users/logout`, { token });
    expect(logout.statusCode).toBe(200);
    const refused = nextEvent<Error & { data?: { code?: string } }>(socket, 'connect_error', 10_000);
    socket.connect();
    const error = await refused;
    expect(error.data?.code).toBe('SOCKET_AUTH_INVALID');
    expect(socket.connected).toBe(false);
  });
});

describe.runIf(twoProcessesAvailable)('two processes on PostgreSQL and Redis', () => {
  const processes = useTwoProcesses();

  it('events another process emitted while the client was away arrive from the Redis stream, once each', async () => {
    const { a, b } = processes;
    const { token, user } = await registerCustomer(a.app);
    const socket = await recoveringSocket(await listenUrl(b), token);
    const seen = collect<{ n: number }>(socket, 'ops_probe');
    a.app.realtime.emitToUser(user.id, 'ops_probe', { n: 1 });
    await waitFor(() => seen.length === 1);

    await drop(socket);
    for (let n = 2; n <= 6; n++) a.app.realtime.emitToUser(user.id, 'ops_probe', { n });
    await nextEvent(socket, 'connect', 10_000);
    expect(socket.recovered).toBe(true);
    a.app.realtime.emitToUser(user.id, 'ops_probe', { n: 7 });
    await waitFor(() => seen.length >= 7);
    await wait(300);
    expect(seen.map((event) => event.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
