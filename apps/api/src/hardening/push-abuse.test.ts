import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPublicAddress } from '../adapters/push/push-endpoint-policy.js';
import { pushSubscriptions } from '../db/schema/notifications.js';
import { notify, pushesSettled } from '../modules/notifications/notifications-service.js';
import { API, buildTestApp, call, type TestApp } from '../test/build-app.js';
import { createCustomer, customerToken, seedPlaces } from '../test/factories.js';
import { browserKeys } from '../test/push.js';
import { listenUrl, nextEvent, openSocket, socketsClosedAfterAll } from '../test/sockets.js';

/**
 * Issue 31 findings 2 and 3. Web Push was a server-side request forgery (any http URL, sent to on
 * the next notification) and one account could stall everyone's notifications (unlimited
 * subscriptions, sent one after another with a 10 s time-out inside the chat batch).
 */
const sockets = socketsClosedAfterAll();

/**
 * A push service that holds each request without answering (until release()), or answers 500 at
 * once for paths under /fail/. It counts what it received.
 */
class HangingPushService {
  readonly held: ServerResponse[] = [];
  received = 0;
  #server: Server | undefined;
  async start() {
    this.#server = createServer((request, response) => {
      this.received += 1;
      request.resume();
      if (request.url?.startsWith('/fail/')) {
        response.writeHead(500).end();
        return;
      }
      this.held.push(response);
      response.on('close', () => {
        const at = this.held.indexOf(response);
        if (at >= 0) this.held.splice(at, 1);
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }
  /** Answers every held request with 503. */
  release() {
    for (const response of [...this.held]) response.writeHead(503).end();
  }
  async close() {
    for (const response of this.held) response.destroy();
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

describe('push endpoints: only known push services, only public addresses', () => {
  let test: TestApp;
  let tcp: TcpServer;
  let connections = 0;
  let tcpPort = 0;
  beforeAll(async () => {
    // Something listening on loopback, as Redis on :6379 would be: it counts every connection.
    tcp = createTcpServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    tcpPort = (tcp.address() as AddressInfo).port;
    // `localhost` plays a push service's name that resolves to a private address.
    test = await buildTestApp({ env: { PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,localhost' } });
    await seedPlaces(test.app.db);
  });
  afterAll(async () => {
    await test?.close();
    await new Promise((resolve) => tcp.close(resolve));
  });

  it('refuses loopback, private, metadata, IP-literal, plain-http and look-alike endpoints with 400; nothing is saved', async () => {
    const user = await createCustomer(test.app.db);
    const token = await customerToken(test, user.id);
    const endpoints = [
      `http://127.0.0.1:${tcpPort}/`,
      'http://127.0.0.1:6379/',
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://[::1]/push',
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://evilfcm.googleapis.com/fcm/send/abc',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'https://internal.example/push',
    ];
    for (const endpoint of endpoints) {
      const response = await call(test.app, 'POST', `${API}/notifications/push-subscription`, {
        token,
        body: { subscription: { endpoint, keys: browserKeys().keys } },
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message:
          'A push subscription needs an https endpoint of a known push service and its p256dh and auth keys',
      });
    }
    const saved = await test.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(saved).toEqual([]);
    const real = await call(test.app, 'POST', `${API}/notifications/push-subscription`, {
      token,
      body: {
        subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', keys: browserKeys().keys },
      },
    });
    expect(real.statusCode).toBe(201);
  });

  it('a push service name that resolves to loopback is refused when sending: no connection is made', async () => {
    const user = await createCustomer(test.app.db);
    const token = await customerToken(test, user.id);
    const saved = await call(test.app, 'POST', `${API}/notifications/push-subscription`, {
      token,
      body: { subscription: { endpoint: `https://localhost:${tcpPort}/push/1`, keys: browserKeys().keys } },
    });
    expect(saved.statusCode).toBe(201);
    const before = connections;
    await notify(test.app.notifications, { userId: user.id, type: 'system', title: 'Hello', message: 'x' });
    await pushesSettled(test.app.notifications);
    expect(connections).toBe(before);
    const [row] = await test.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(row!.failures).toBe(1);
  });

  it('classifies addresses: only public unicast passes', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      'fd00::1',
      'fe80::1',
      '100.64.0.1',
      '0.0.0.0',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['142.250.185.202', '2a00:1450:4001:82b::200a', '196.201.214.200']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('one account cannot stall everyone else', () => {
  const hanging = new HangingPushService();
  const options = { env: {} as Record<string, string> };
  let test: TestApp;
  beforeAll(async () => {
    const url = await hanging.start();
    options.env = { PUSH_SIMULATOR_URL: url, PUSH_TIMEOUT_MS: '30000', PUSH_SUBSCRIPTIONS_MAX: '5' };
    test = await buildTestApp(options);
    await seedPlaces(test.app.db);
  });
  afterAll(async () => {
    await test?.close();
    await hanging.close();
  });

  const subscribe = (token: string, n: number, base: string, folder = 'push') =>
    call(test.app, 'POST', `${API}/notifications/push-subscription`, {
      token,
      body: {
        subscription: {
          endpoint: `${base}/${folder}/${n}-${randomBytes(4).toString('hex')}`,
          keys: browserKeys().keys,
        },
      },
    });

  it('keeps an account to its newest 5 subscriptions', async () => {
    const user = await createCustomer(test.app.db);
    const token = await customerToken(test, user.id);
    const base = options.env.PUSH_SIMULATOR_URL!;
    const ids: string[] = [];
    for (let n = 0; n < 7; n += 1) {
      const saved = await subscribe(token, n, base);
      expect(saved.statusCode).toBe(201);
      ids.push(saved.json().data.id);
    }
    const rows = await test.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((r) => r.id).sort()).toEqual(ids.slice(2).sort());
  });

  it('three endpoints that never answer do not hold up another user: the bell event arrives while they hang', async () => {
    const stalling = await createCustomer(test.app.db);
    const stallingToken = await customerToken(test, stalling.id);
    const base = options.env.PUSH_SIMULATOR_URL!;
    for (let n = 0; n < 3; n += 1) expect((await subscribe(stallingToken, n, base)).statusCode).toBe(201);
    const other = await createCustomer(test.app.db);
    const socket = await openSocket(await listenUrl(test.app), {
      token: await customerToken(test, other.id),
    });
    sockets.push(socket);
    await new Promise((resolve) => socket.emit('user_join', {}, resolve));
    const before = hanging.received;
    // The stalling account's notification: its three pushes hang; notify does not wait for them.
    await notify(test.app.notifications, {
      userId: stalling.id,
      type: 'new_message',
      title: 'Spa',
      message: 'hi',
    });
    let pushesDone = false;
    void pushesSettled(test.app.notifications).then(() => {
      pushesDone = true;
    });
    const bell = nextEvent<{ notification: { title: string } }>(socket, 'new_notification');
    await notify(test.app.notifications, {
      userId: other.id,
      type: 'new_message',
      title: 'Salon',
      message: 'hello',
    });
    const heard = await bell;
    expect(heard.notification.title).toBe('Salon');
    // The other user heard while the stalling pushes were still out (they hang until released).
    expect(pushesDone).toBe(false);
    await vi.waitFor(() => expect(hanging.held.length).toBe(3), { timeout: 10_000 });
    hanging.release();
    await pushesSettled(test.app.notifications);
    expect(hanging.received - before).toBe(3);
  });

  it('an endpoint that keeps failing (500) is dropped after 3 failures in a row', async () => {
    const user = await createCustomer(test.app.db);
    const token = await customerToken(test, user.id);
    expect((await subscribe(token, 0, options.env.PUSH_SIMULATOR_URL!, 'fail')).statusCode).toBe(201);
    const failures = async () =>
      (await test.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).map(
        (r) => r.failures,
      );
    for (const expected of [[1], [2], []]) {
      await notify(test.app.notifications, { userId: user.id, type: 'system', title: 'Ping', message: 'x' });
      await pushesSettled(test.app.notifications);
      expect(await failures()).toEqual(expected);
    }
  });
});
