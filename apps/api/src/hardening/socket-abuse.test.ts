import { randomUUID } from 'node:crypto';
import { CLIENT_EVENT_SCHEMAS } from '@d3/shared/realtime/socket-events';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, buildTestApp, call, TEST_API_KEY, type TestApp } from '../test/build-app.js';
import {
  createCustomer,
  createMerchant,
  createStore,
  createStoreAndCustomer,
  customerToken,
  seedPlaces,
} from '../test/factories.js';
import { collect, listenUrl, nextEvent, openSocket, socketsClosedAfterAll, wait } from '../test/sockets.js';
import { twoProcessesAvailable, useTwoProcesses } from '../test/two-processes.js';

/**
 * Issue 31 finding 4: socket events had no budget. 50 frames of `message_delivered` with 100 random
 * ids kept the database busy for 7.6 s, and 300 `user_status_update` events reached the other party
 * as 300 events. Every client event now passes the shared event map's schema, a per-socket and a
 * per-user budget (the user's in Redis when configured), a frame is one statement, a status is
 * relayed only when it changes, and a socket that keeps sending refused events is disconnected.
 */
const sockets = socketsClosedAfterAll();
let test: TestApp;
let url: string;

beforeAll(async () => {
  test = await buildTestApp({
    env: {
      SOCKET_EVENT_MAX: '20',
      SOCKET_USER_EVENT_MAX: '40',
      SOCKET_EVENT_WINDOW_MS: '60000',
      SOCKET_STRIKES_MAX: '10',
    },
  });
  await seedPlaces(test.app.db);
  url = await listenUrl(test.app);
});
afterAll(async () => test?.close());

type Answer = { success: boolean; code?: string; message?: string; retryAfter?: number };
const ask = (socket: Socket, event: string, payload?: unknown) =>
  new Promise<Answer>((resolve) => socket.emit(event, payload, resolve));

async function customerSocket() {
  const user = await createCustomer(test.app.db);
  const socket = await openSocket(url, { token: await customerToken(test, user.id) });
  sockets.push(socket);
  return { user, socket };
}

/** A customer and a merchant with a conversation, each with an open socket (opened after it exists). */
async function pair() {
  const parties = await createStoreAndCustomer(test.app.db, test);
  const { merchant, store, customer: user, customerToken: cToken } = parties;
  const created = await call(test.app, 'POST', `${API}/chat/conversations`, {
    token: cToken,
    body: { storeId: store.id },
  });
  const id = created.json().data.conversationId as string;
  const socket = await openSocket(url, { token: cToken });
  const merchantSocket = await openSocket(url, { token: parties.merchantToken });
  sockets.push(socket, merchantSocket);
  // Both sockets' rooms are joined (user_join answers once they are).
  await Promise.all([ask(socket, 'user_join', {}), ask(merchantSocket, 'user_join', {})]);
  return { user, store, merchant, socket, merchantSocket, cToken, id };
}

describe('every client event passes the event map first', () => {
  it('answers an unknown event, a wrong-typed payload and too many ids with a coded error, and runs nothing', async () => {
    const { socket, id } = await pair();
    const errors = collect<{ event: string; code: string }>(socket, 'socket_error');
    socket.emit('drop_tables', { everything: true });
    expect(await ask(socket, 'join_conversation', 42)).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Invalid conversation ID',
    });
    expect(await ask(socket, 'send_message', { conversationId: id, content: { $ne: 1 } })).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Message content is required',
    });
    const ids = Array.from({ length: 51 }, () => randomUUID());
    expect(await ask(socket, 'message_delivered', { messageIds: ids })).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'At most 50 message ids at once',
    });
    await vi.waitFor(() =>
      expect(errors).toEqual([
        { event: 'drop_tables', code: 'SOCKET_EVENT_UNKNOWN', message: 'Unknown event' },
      ]),
    );
    expect(socket.connected).toBe(true);
  });

  it('a frame of 50 delivered acks is one statement, and only the reader own received messages move', async () => {
    const { merchantSocket, cToken, id } = await pair();
    const sent = await call(test.app, 'POST', `${API}/chat/messages`, {
      token: cToken,
      body: { conversationId: id, content: 'Hello store' },
    });
    const messageId = sent.json().data.id as string;
    const ids = [messageId, ...Array.from({ length: 49 }, () => randomUUID())];
    const updates = vi.spyOn(test.app.db, 'update');
    // The notifications the message started have run: from here only the frame touches the database.
    await test.app.events.drain();
    const selects = vi.spyOn(test.app.db, 'select');
    const answer = (await ask(merchantSocket, 'message_delivered', { messageIds: ids })) as Answer & {
      delivered: string[];
    };
    const [updateCalls, selectCalls] = [updates.mock.calls.length, selects.mock.calls.length];
    updates.mockRestore();
    selects.mockRestore();
    expect(answer).toMatchObject({ success: true, delivered: [messageId] });
    expect(updateCalls).toBe(1);
    // Before: a read of each message and of its conversation and store, id after id.
    expect(selectCalls).toBe(0);
    // The sender cannot ack its own message.
    const customer = await openSocket(url, { token: cToken });
    sockets.push(customer);
    expect(await ask(customer, 'message_delivered', { messageId })).toMatchObject({
      success: true,
      delivered: [],
    });
  });

  it('300 user_status_update events reach the other party as one status change', async () => {
    // The customer's status goes to the store rooms of its conversations (joined on connect).
    const { socket, merchantSocket } = await pair();
    const heard = collect<{ status: string }>(merchantSocket, 'customer_status_update');
    const gone = nextEvent<string>(socket, 'disconnect', 10_000);
    for (let i = 0; i < 300; i += 1) socket.emit('user_status_update', { status: 'away' });
    // The flood ends the socket (budget, then strikes); its offline status is the last word.
    expect(await gone).toBe('io server disconnect');
    await vi.waitFor(() => expect(heard.at(-1)?.status, JSON.stringify(heard)).toBe('offline'), {
      timeout: 10_000,
    });
    // (Its 'online' from connecting may land before or after the listener: only the flood counts.)
    expect(
      heard.map((h) => h.status).filter((status) => status !== 'online'),
      JSON.stringify(heard),
    ).toEqual(['away', 'offline']);
  });

  it('a flood gets RATE_LIMITED with a Retry-After, then the socket is disconnected', async () => {
    const { socket } = await customerSocket();
    const errors = collect<{ code: string; retryAfter?: number; event: string }>(socket, 'socket_error');
    const disconnected = nextEvent<string>(socket, 'disconnect', 5000);
    for (let i = 0; i < 60; i += 1) socket.emit('typing_start', { conversationId: randomUUID() });
    expect(await disconnected).toBe('io server disconnect');
    const limited = errors.filter((e) => e.code === 'RATE_LIMITED' && e.event === 'typing_start');
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(limited[0]!.retryAfter).toBeGreaterThanOrEqual(1);
    expect(errors.at(-1)).toMatchObject({ event: 'connection', code: 'RATE_LIMITED' });
  });

  it('the user budget counts every socket of the user: a second socket does not double it', async () => {
    const user = await createCustomer(test.app.db);
    const token = await customerToken(test, user.id);
    const first = await openSocket(url, { token });
    const second = await openSocket(url, { token });
    sockets.push(first, second);
    const answers: Answer[] = [];
    // 15 + 15 events: each socket is under its own 20, the user's 40 is spent by 40.
    for (let round = 0; round < 2; round += 1) {
      for (const socket of [first, second]) {
        for (let i = 0; i < 15; i += 1) answers.push(await ask(socket, 'user_join', {}));
      }
    }
    const limited = answers.filter((a) => a.code === 'RATE_LIMITED');
    expect(answers.filter((a) => a.success)).toHaveLength(40);
    expect(limited).toHaveLength(20);
  });
});

describe('fuzz: every client event with wrong types, huge payloads and floods', () => {
  it('the server stays up, answers each with an error or a disconnect, and another user stays fast', async () => {
    const merchant = await createMerchant(test.app.db);
    const store = await createStore(test.app.db, { merchantId: merchant.id });
    // Another user reading a store over real HTTP: the latency the flood must not hurt.
    const read = async () => {
      const started = performance.now();
      const response = await fetch(`${url}${API}/stores/${store.id}`, {
        headers: { 'x-api-key': TEST_API_KEY },
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (let i = 0; i < 5; i += 1) await read();

    const nasty: unknown[] = [
      undefined,
      null,
      42,
      -1,
      true,
      'x',
      '\u0000',
      '$&',
      [],
      [randomUUID()],
      {},
      { conversationId: { $ne: null } },
      { conversationId: `${randomUUID()}\u0000` },
      { messageIds: 'all' },
      { messageIds: Array.from({ length: 1000 }, () => randomUUID()) },
      { status: { toString: 'online' } },
      { content: 'y'.repeat(50_000), conversationId: randomUUID() },
      JSON.parse(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`),
    ];
    const events = [...Object.keys(CLIENT_EVENT_SCHEMAS), 'constructor', '__proto__', 'x'.repeat(300)];
    let answered = 0;
    let refused = 0;
    let disconnects = 0;
    // Reads taken in pairs, close in time: one with nothing in flight, then one while the hostile
    // socket's events are being handled. Pairs keep a machine whose load drifts (other tests, other
    // work) from deciding the comparison; only the flood differs between the two halves.
    const before: number[] = [];
    const during: number[] = [];
    for (const event of events) {
      const { socket } = await customerSocket();
      const errors = collect<{ code: string }>(socket, 'socket_error');
      const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      let ended = false;
      void gone.then(() => {
        ended = true;
        disconnects += 1;
      });
      before.push(await read());
      const sweep = (async () => {
        for (const payload of nasty) {
          if (ended) break;
          const reply = await Promise.race([
            new Promise<Answer>((resolve) => socket.emit(event, payload, resolve)),
            gone.then(() => null),
            wait(10_000).then(() => 'silence' as const),
          ]);
          if (reply === 'silence')
            throw new Error(`no answer to ${event} ${JSON.stringify(payload)?.slice(0, 60)}`);
          if (reply) {
            answered += 1;
            if (!reply.success) refused += 1;
          }
        }
      })();
      during.push(await read());
      await sweep;
      before.push(await read());
      // A flood without acks: answered by socket_error events, then a disconnect.
      for (let i = 0; i < 200 && !ended; i += 1) socket.emit(event, nasty[i % nasty.length]);
      during.push(await read());
      await vi.waitFor(() => expect(ended || errors.length > 0).toBe(true), { timeout: 10_000 });
      socket.close();
    }

    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    const [quiet, busy] = [median(before), median(during)];
    console.info(
      `socket fuzz: ${events.length} events x ${nasty.length} payloads + floods; ${answered} acks (${refused} refusals), ${disconnects} disconnects; another user's store read median ${quiet.toFixed(1)} ms quiet, ${busy.toFixed(1)} ms during (${(busy / quiet).toFixed(2)}x, ${during.length} reads)`,
    );
    expect(refused).toBeGreaterThan(0);
    expect(disconnects).toBeGreaterThan(0);
    // At most 2x; a floor of 20 ms keeps a few-ms read's jitter from deciding the verdict.
    expect(busy).toBeLessThanOrEqual(Math.max(2 * quiet, quiet + 20));
  });
});

describe.runIf(twoProcessesAvailable)('the user budget across two processes (Redis)', () => {
  const processes = useTwoProcesses({
    SOCKET_EVENT_MAX: '30',
    SOCKET_USER_EVENT_MAX: '40',
    SOCKET_EVENT_WINDOW_MS: '60000',
    SOCKET_STRIKES_MAX: '100',
  });

  it('one user with a socket on each process spends one budget', async () => {
    const { a, b } = processes;
    const user = await createCustomer(a.app.db);
    const token = await customerToken(a, user.id);
    const onA = await openSocket(await listenUrl(a.app), { token });
    const onB = await openSocket(await listenUrl(b), { token });
    sockets.push(onA, onB);
    const answers: Answer[] = [];
    for (const socket of [onA, onB]) {
      for (let i = 0; i < 25; i += 1) answers.push(await ask(socket, 'user_join', {}));
    }
    expect(answers.filter((x) => x.success)).toHaveLength(40);
    expect(answers.filter((x) => x.code === 'RATE_LIMITED')).toHaveLength(10);
  });
});
