import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/accounts.js';
import { messages } from '../db/schema/chat.js';
import {
  latestCode,
  registerCustomer,
  registerMerchant,
  requestPasswordReset,
  send,
} from '../test/accounts-helpers.js';
import { API, buildTestApp, call, type TestApp, useApiTestApp } from '../test/build-app.js';
import {
  createCustomer,
  createMerchant,
  createStore,
  customerToken,
  merchantToken,
  seedPlaces,
} from '../test/factories.js';
import {
  listenUrl,
  nextEvent,
  openJoined,
  openSocket,
  socketsClosedAfterAll,
  wait,
} from '../test/sockets.js';
import { twoProcessesAvailable, useTwoProcesses } from '../test/two-processes.js';

/**
 * Issue 31 finding 1 (HIGH): a socket opened with a token outlived the token. Logout, a password
 * change or reset and account deletion refused the token over HTTP, but its socket still sent and
 * received messages. Now every change of the token version ends the account's sockets on every
 * process (`session_ended`, then a disconnect the client does not retry), an event of an ended
 * session is refused even before the news arrives, and a token's expiry ends its socket.
 */
const test = useApiTestApp();
const sockets = socketsClosedAfterAll();

const open = (url: string, token: string) => openJoined(sockets, url, token);

/** Resolves with the session_ended payload and the disconnect reason, in the order they came. */
function ending(socket: Socket, ms = 3000) {
  const seen: string[] = [];
  socket.on('session_ended', () => seen.push('session_ended'));
  return Promise.all([
    nextEvent<{ code: string; message: string }>(socket, 'session_ended', ms),
    nextEvent<string>(socket, 'disconnect', ms),
  ]).then(([ended, reason]) => ({ ended, reason, seen }));
}

/** A customer with a conversation with a merchant's store; both signed in. */
async function conversation(app: TestApp['app']) {
  const merchant = await createMerchant(app.db);
  const store = await createStore(app.db, { merchantId: merchant.id });
  const registered = await registerCustomer(app);
  const created = await call(app, 'POST', `${API}/chat/conversations`, {
    token: registered.token,
    body: { storeId: store.id },
  });
  expect(created.statusCode).toBe(201);
  const mToken = await merchantToken({ config: test.config }, merchant.id);
  return { ...registered, store, merchant, mToken, id: created.json().data.conversationId as string };
}

/** A customer's conversation (as conversation() makes it), their socket open on `url`, and its ending. */
async function customerSocket(url: string) {
  const c = await conversation(test.app);
  const socket = await open(url, c.token);
  return { c, socket, end: ending(socket) };
}

async function storedMessages(conversationId: string) {
  return test.app.db.select().from(messages).where(eq(messages.conversationId, conversationId));
}

describe('a session that ends takes its sockets with it', () => {
  it('logout ends the socket: session_ended then an io server disconnect, and it receives nothing after', async () => {
    const url = await listenUrl(test.app);
    const { c, socket, end } = await customerSocket(url);
    await new Promise((resolve) => socket.emit('join_conversation', { conversationId: c.id }, resolve));
    const logout = await send(test.app, 'POST', `${API}/users/logout`, { token: c.token });
    expect(logout.statusCode).toBe(200);
    const { ended, reason, seen } = await end;
    expect(ended).toEqual({
      code: 'SESSION_EXPIRED',
      message: 'Your session has expired. Please log in again.',
    });
    expect(reason).toBe('io server disconnect');
    expect(seen).toEqual(['session_ended']);
    // The store writes: the ended socket hears nothing (and would not reconnect on its own).
    const heard: unknown[] = [];
    socket.on('new_message', (m) => heard.push(m));
    const sent = await call(test.app, 'POST', `${API}/chat/messages`, {
      token: c.mToken,
      body: { conversationId: c.id, content: 'After logout' },
    });
    expect(sent.statusCode).toBe(201);
    await wait(300);
    expect(heard).toEqual([]);
    expect(socket.connected).toBe(false);
  });

  it('a password change ends the other sockets of the account; the fresh token opens a new one', async () => {
    const url = await listenUrl(test.app);
    const { c, end } = await customerSocket(url);
    const changed = await send(test.app, 'PUT', `${API}/users/change-password`, {
      token: c.token,
      body: { currentPassword: c.input.password, newPassword: 'An0ther-secret-pass' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await end).ended.code).toBe('SESSION_EXPIRED');
    const fresh = await open(url, changed.json().access_token);
    await wait(200);
    expect(fresh.connected).toBe(true);
  });

  it('a password reset and an account deletion end the account sockets', async () => {
    const url = await listenUrl(test.app);
    const { c: reset, end: resetEnd } = await customerSocket(url);
    expect((await requestPasswordReset(test.app, reset.input.email)).statusCode).toBe(200);
    const code = await latestCode(test.app, reset.input.email);
    const done = await send(test.app, 'POST', `${API}/users/reset-password`, {
      body: { email: reset.input.email, otp: code, newPassword: 'Res3t-secret-pass' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await resetEnd).reason).toBe('io server disconnect');

    const { c: gone, end: goneEnd } = await customerSocket(url);
    const deleted = await send(test.app, 'DELETE', `${API}/users/account`, {
      token: gone.token,
      body: { password: gone.input.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await goneEnd).ended.code).toBe('SESSION_EXPIRED');
  });

  it('a merchant password change ends the merchant sockets', async () => {
    const url = await listenUrl(test.app);
    const { token, input } = await registerMerchant(test.app);
    const socket = await open(url, token);
    const end = ending(socket);
    const changed = await send(test.app, 'PUT', `${API}/merchants/change-password`, {
      token,
      body: { currentPassword: input.password, newPassword: 'Merch4nt-new-pass' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await end).ended.code).toBe('SESSION_EXPIRED');
  });

  it('an event of a session ended behind the socket server back is refused before it runs: no message is stored', async () => {
    const url = await listenUrl(test.app);
    const { c, socket, end } = await customerSocket(url);
    // The version moves with no event at all (as another process would, before its news arrives).
    await test.app.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, c.user.id));
    const acked: unknown[] = [];
    socket.emit('send_message', { conversationId: c.id, content: 'Sent by a dead session' }, (a: unknown) =>
      acked.push(a),
    );
    expect((await end).ended.code).toBe('SESSION_EXPIRED');
    await wait(200);
    expect(acked).toEqual([]);
    expect((await storedMessages(c.id)).map((m) => m.content)).toEqual([]);
  });

  it('a token that expires ends its socket at expiry with session_ended', async () => {
    const url = await listenUrl(test.app);
    const user = await createCustomer(test.app.db);
    const token = await new SignJWT({ role: 'customer', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(test.config.jwtSecret));
    const socket = await open(url, token);
    const { ended, reason } = await ending(socket, 5000);
    expect(ended.code).toBe('SESSION_EXPIRED');
    expect(reason).toBe('io server disconnect');
  });
});

describe('the sweep: a session ended by any path closes within the sweep interval', () => {
  let swept: TestApp;
  beforeAll(async () => {
    swept = await buildTestApp({ env: { SOCKET_SESSION_SWEEP_MS: '200' } });
    await seedPlaces(swept.app.db);
  });
  afterAll(async () => swept?.close());

  it('a socket whose token version moved without any event is ended by the next sweep', async () => {
    const user = await createCustomer(swept.app.db);
    const socket = await openSocket(await listenUrl(swept.app), {
      token: await customerToken(swept, user.id),
    });
    sockets.push(socket);
    const end = ending(socket);
    await swept.app.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    expect((await end).ended.code).toBe('SESSION_EXPIRED');
  });
});

describe.runIf(twoProcessesAvailable)('two API processes on one PostgreSQL and Redis', () => {
  // The sweep stays slow: only the revocation's own message can end the socket in time.
  const processes = useTwoProcesses();

  it('a logout on process A ends the socket held on process B within 1 s', async () => {
    const { a, b } = processes;
    const { token } = await registerCustomer(a.app);
    const socket = await openSocket(await listenUrl(b), { token });
    sockets.push(socket);
    await new Promise((resolve) => socket.emit('user_join', {}, resolve));
    const end = ending(socket, 1000);
    const logout = await send(a.app, 'POST', `${API}/users/logout`, { token });
    expect(logout.statusCode).toBe(200);
    const { ended, reason } = await end;
    expect(ended.code).toBe('SESSION_EXPIRED');
    expect(reason).toBe('io server disconnect');
  });
});
