import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { ChatMessageSentPayload } from '../../events/event-bus.js';
import { buildTestApp, call, type TestApp, UNKNOWN_ID, useTestApp } from '../../test/build-app.js';
import {
  createCustomer,
  createMerchant,
  createStore,
  createStoreAndCustomer,
  customerToken,
  merchantToken,
  seedPlaces,
} from '../../test/factories.js';
import { expectProblem, expectProblemCode } from '../../test/problems.js';
import {
  collect,
  listenUrl,
  nextEvent,
  openJoined,
  openSocket,
  socketsClosedAfterAll,
  wait,
} from '../../test/sockets.js';

const test = useTestApp();
const sockets = socketsClosedAfterAll();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function party() {
  await seedPlaces(test.app.db);
  return createStoreAndCustomer(test.app.db, test);
}

async function startConversation(p: Awaited<ReturnType<typeof party>>, initialMessage?: string) {
  const response = await call(test.app, 'POST', '/api/v1/chat/conversations', {
    token: p.customerToken,
    body: { storeId: p.store.id, ...(initialMessage ? { initialMessage } : {}) },
  });
  return { response, id: response.json().data?.conversationId as string };
}

async function send(token: string, conversationId: string, content: unknown, extra: object = {}) {
  return call(test.app, 'POST', '/api/v1/chat/messages', {
    token,
    body: { conversationId, content, ...extra },
  });
}

const open = (url: string, token: string) => openJoined(sockets, url, token);

describe('conversations', () => {
  it('one conversation per customer and store: a second create returns the first', async () => {
    const p = await party();
    const first = await startConversation(p, 'Hello there');
    expect(first.response.statusCode).toBe(201);
    expect(first.response.json().data).toMatchObject({
      created: true,
      conversation: { storeId: p.store.id, lastMessage: 'Hello there' },
    });
    const second = await startConversation(p, 'Hello again');
    expect(second.response.statusCode).toBe(200);
    expect(second.id).toBe(first.id);
    expect(second.response.json().data.created).toBe(false);
    const list = await call(test.app, 'GET', '/api/v1/chat/user/conversations', { token: p.customerToken });
    expect(list.json().data.map((c: { id: string }) => c.id)).toEqual([first.id]);
    expect(list.json().data[0]).toMatchObject({
      store: { id: p.store.id, name: p.store.name },
      lastMessage: 'Hello there',
      unreadCount: 0,
    });
  });

  it('concurrent creates of the same pair make one conversation', async () => {
    const p = await party();
    const results = await Promise.all([startConversation(p), startConversation(p), startConversation(p)]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.response.statusCode === 201)).toHaveLength(1);
  });

  it('a malformed store id answers 400 Invalid store ID and an unknown one 404 Store not found', async () => {
    const p = await party();
    const bad = await call(test.app, 'POST', '/api/v1/chat/conversations', {
      token: p.customerToken,
      body: { storeId: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'Invalid store ID',
      errors: { storeId: 'Invalid store ID' },
    });
    const unknown = await call(test.app, 'POST', '/api/v1/chat/conversations', {
      token: p.customerToken,
      body: { storeId: UNKNOWN_ID },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'CHAT_STORE_NOT_FOUND', message: 'Store not found' });
  });

  it('chat calls need a session; a merchant cannot use the customer list and the reverse', async () => {
    const p = await party();
    const anonymous = await call(test.app, 'GET', '/api/v1/chat/user/conversations');
    expect(anonymous.statusCode).toBe(401);
    const merchantAsCustomer = await call(test.app, 'GET', '/api/v1/chat/user/conversations', {
      token: p.merchantToken,
    });
    expect(merchantAsCustomer.statusCode).toBe(403);
    const customerAsMerchant = await call(test.app, 'GET', '/api/v1/chat/merchant/conversations', {
      token: p.customerToken,
    });
    expect(customerAsMerchant.statusCode).toBe(403);
  });

  it("the merchant sees its stores' conversations with the customer's name and unread count", async () => {
    const p = await party();
    const { id } = await startConversation(p, 'Is Saturday open?');
    const list = await call(test.app, 'GET', '/api/v1/chat/merchant/conversations', {
      token: p.merchantToken,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({
      id,
      customer: { id: p.customer.id, name: `${p.customer.firstName} ${p.customer.lastName}` },
      unreadCount: 1,
    });
    expect(list.json().unreadTotal).toBe(1);
    const other = await createStore(test.app.db);
    const filtered = await call(test.app, 'GET', `/api/v1/chat/merchant/conversations?storeId=${other.id}`, {
      token: p.merchantToken,
    });
    expect(filtered.statusCode).toBe(403);
  });
});

describe('messages', () => {
  it("another user's conversation answers 403 for every call", async () => {
    const p = await party();
    const { id } = await startConversation(p, 'Private question');
    const stranger = await createCustomer(test.app.db);
    const strangerToken = await customerToken(test, stranger.id);
    const otherMerchantToken = await merchantToken(test, (await createMerchant(test.app.db)).id);
    for (const token of [strangerToken, otherMerchantToken]) {
      const read = await call(test.app, 'GET', `/api/v1/chat/conversations/${id}/messages`, { token });
      expect(read.statusCode).toBe(403);
      expect(read.json()).toMatchObject({
        code: 'CONVERSATION_FORBIDDEN',
        message: 'You do not have access to this conversation',
      });
      expect((await send(token, id, 'hi')).statusCode).toBe(403);
      expect(
        (await call(test.app, 'POST', `/api/v1/chat/conversations/${id}/read`, { token })).statusCode,
      ).toBe(403);
    }
    const missing = await call(test.app, 'GET', `/api/v1/chat/conversations/${UNKNOWN_ID}/messages`, {
      token: p.customerToken,
    });
    expectProblem(missing, 404, 'Conversation not found');
  });

  it('a 2001-character message, an empty one and a missing one are rejected with the seed messages', async () => {
    const p = await party();
    const { id } = await startConversation(p);
    const long = await send(p.customerToken, id, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      message: 'Message too long (max 2000 characters)',
      errors: { content: 'Message too long (max 2000 characters)' },
    });
    const empty = await send(p.customerToken, id, '   \n ');
    expectProblem(empty, 400, 'Message cannot be empty');
    const missing = await call(test.app, 'POST', '/api/v1/chat/messages', {
      token: p.customerToken,
      body: { conversationId: id },
    });
    expectProblem(missing, 400, 'Message content is required');
    const notString = await send(p.customerToken, id, 42);
    expect(notString.json().message).toBe('Message content is required');
    const exact = await send(p.customerToken, id, 'y'.repeat(2000));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().data.content).toHaveLength(2000);
  });

  it('text is stored as sent: NUL-free $& and markup come back verbatim', async () => {
    const p = await party();
    const { id } = await startConversation(p);
    const text = '<script>alert(1)</script> $& $1 %_ 😀';
    const sent = await send(p.customerToken, id, `  ${text}  `);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({
      content: text,
      text,
      status: 'sent',
      sender: 'customer',
      recipient_type: 'merchant',
      messageType: 'text',
    });
    const nul = await send(p.customerToken, id, 'a\u0000b');
    expect(nul.statusCode).toBe(400);
  });

  it('messages come newest page of 50, each page oldest first', async () => {
    const p = await party();
    const { id } = await startConversation(p);
    const { messages } = await import('../../db/schema/chat.js');
    const base = Date.now() - 60 * 60_000;
    await test.app.db.insert(messages).values(
      Array.from({ length: 55 }, (_, i) => ({
        conversationId: id,
        senderId: p.customer.id,
        senderType: 'customer' as const,
        content: `m${i + 1}`,
        seq: i + 1,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const page1 = await call(test.app, 'GET', `/api/v1/chat/conversations/${id}/messages`, {
      token: p.merchantToken,
    });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.data).toHaveLength(50);
    expect(body.data[0].content).toBe('m6');
    expect(body.data[49].content).toBe('m55');
    expect(body.pagination).toEqual({ page: 1, limit: 50, total: 55, totalPages: 2, hasNextPage: true });
    const page2 = await call(test.app, 'GET', `/api/v1/chat/conversations/${id}/messages?page=2`, {
      token: p.customerToken,
    });
    expect(page2.json().data.map((m: { content: string }) => m.content)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
    const badLimit = await call(test.app, 'GET', `/api/v1/chat/conversations/${id}/messages?limit=1000`, {
      token: p.customerToken,
    });
    expect(badLimit.statusCode).toBe(400);
  });

  it('read marks: opening the conversation reads the other side, unread counts drop to 0', async () => {
    const p = await party();
    const { id } = await startConversation(p, 'First');
    await send(p.customerToken, id, 'Second');
    const before = await call(test.app, 'GET', '/api/v1/chat/unread-count', { token: p.merchantToken });
    expect(before.json().data).toEqual({ total: 2, conversations: [{ conversationId: id, unreadCount: 2 }] });
    // The customer reading its own messages changes nothing.
    const own = await call(test.app, 'POST', `/api/v1/chat/conversations/${id}/read`, {
      token: p.customerToken,
    });
    expect(own.json().data.updated).toBe(0);
    const read = await call(test.app, 'POST', `/api/v1/chat/conversations/${id}/read`, {
      token: p.merchantToken,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.updated).toBe(2);
    const after = await call(test.app, 'GET', '/api/v1/chat/unread-count', { token: p.merchantToken });
    expect(after.json().data.total).toBe(0);
    const page = await call(test.app, 'GET', `/api/v1/chat/conversations/${id}/messages`, {
      token: p.customerToken,
    });
    expect(page.json().data.map((m: { status: string }) => m.status)).toEqual(['read', 'read']);
    expect(page.json().data[0].readAt).not.toBeNull();
  });

  it("reading a conversation reads the reader's message notifications of it, on both sides, and no other conversation's", async () => {
    const p = await party();
    const { id } = await startConversation(p, 'First');
    await send(p.customerToken, id, 'Second');
    // Another customer of the same store writes too.
    const other = await createCustomer(test.app.db);
    const otherToken = await customerToken(test, other.id);
    const otherConversation = await call(test.app, 'POST', '/api/v1/chat/conversations', {
      token: otherToken,
      body: { storeId: p.store.id, initialMessage: 'Are you open on Sunday?' },
    });
    expect(otherConversation.statusCode).toBe(201);
    expect((await send(p.merchantToken, id, 'Karibu!')).statusCode).toBe(201);
    await test.app.events.drain();
    const unread = async (token: string) =>
      (await call(test.app, 'GET', '/api/v1/notifications/counts', { token })).json().data.unread;
    expect(await unread(p.merchantToken)).toBe(3);
    expect(await unread(p.customerToken)).toBe(1);

    await call(test.app, 'POST', `/api/v1/chat/conversations/${id}/read`, { token: p.merchantToken });
    await test.app.events.drain();
    expect(await unread(p.merchantToken)).toBe(1);
    const left = await call(test.app, 'GET', '/api/v1/notifications?unreadOnly=true', {
      token: p.merchantToken,
    });
    expect(left.json().data.notifications.map((n: { message: string }) => n.message)).toEqual([
      'Are you open on Sunday?',
    ]);
    // The customer's own notification waits for the customer's read.
    expect(await unread(p.customerToken)).toBe(1);
    await call(test.app, 'POST', `/api/v1/chat/conversations/${id}/read`, { token: p.customerToken });
    await test.app.events.drain();
    expect(await unread(p.customerToken)).toBe(0);
  });

  it('status moves sent -> delivered -> read by the recipient only, never back', async () => {
    const p = await party();
    const { id } = await startConversation(p);
    const message = (await send(p.customerToken, id, 'Status?')).json().data;
    const bySender = await call(test.app, 'PUT', `/api/v1/chat/messages/${message.id}/status`, {
      token: p.customerToken,
      body: { status: 'read' },
    });
    expectProblemCode(bySender, 403, 'MESSAGE_STATUS_FORBIDDEN');
    const delivered = await call(test.app, 'PUT', `/api/v1/chat/messages/${message.id}/status`, {
      token: p.merchantToken,
      body: { status: 'delivered' },
    });
    expect(delivered.json().data).toMatchObject({ status: 'delivered', readAt: null });
    expect(delivered.json().data.deliveredAt).not.toBeNull();
    const read = await call(test.app, 'PUT', `/api/v1/chat/messages/${message.id}/status`, {
      token: p.merchantToken,
      body: { status: 'read' },
    });
    expect(read.json().data.status).toBe('read');
    const back = await call(test.app, 'PUT', `/api/v1/chat/messages/${message.id}/status`, {
      token: p.merchantToken,
      body: { status: 'delivered' },
    });
    expect(back.json().data.status).toBe('read');
    const invalid = await call(test.app, 'PUT', `/api/v1/chat/messages/${message.id}/status`, {
      token: p.merchantToken,
      body: { status: 'sent' },
    });
    expectProblem(invalid, 400, 'Status must be delivered or read');
    const stranger = await customerToken(test, (await createCustomer(test.app.db)).id);
    const foreign = await call(test.app, 'PUT', `/api/v1/chat/messages/${message.id}/status`, {
      token: stranger,
      body: { status: 'read' },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('search finds stores by name and messages by text (wildcards are literal)', async () => {
    const p = await party();
    const { id } = await startConversation(p, 'Do you do braids?');
    await send(p.customerToken, id, '100% cotton_towels');
    const byStore = await call(
      test.app,
      'GET',
      `/api/v1/chat/search?query=${encodeURIComponent(p.store.name.slice(0, 8))}`,
      { token: p.customerToken },
    );
    expect(byStore.json().data.conversations.map((c: { id: string }) => c.id)).toEqual([id]);
    const byText = await call(test.app, 'GET', '/api/v1/chat/search?query=braids&type=messages', {
      token: p.customerToken,
    });
    expect(byText.json().data).toMatchObject({
      conversations: [],
      messages: [{ content: 'Do you do braids?' }],
    });
    const percent = await call(test.app, 'GET', `/api/v1/chat/search?query=${encodeURIComponent('0%')}`, {
      token: p.customerToken,
    });
    expect(percent.json().data.messages.map((m: { content: string }) => m.content)).toEqual([
      '100% cotton_towels',
    ]);
    const underscore = await call(test.app, 'GET', '/api/v1/chat/search?query=c_tton', {
      token: p.customerToken,
    });
    expect(underscore.json().data.messages).toEqual([]);
    const empty = await call(test.app, 'GET', '/api/v1/chat/search?query=', { token: p.customerToken });
    expectProblem(empty, 400, 'Search query is required');
    const stranger = await customerToken(test, (await createCustomer(test.app.db)).id);
    const none = await call(test.app, 'GET', '/api/v1/chat/search?query=braids', { token: stranger });
    expect(none.json().data.messages).toEqual([]);
  });

  it('analytics counts the period (default 7d) and health answers', async () => {
    const p = await party();
    const { id } = await startConversation(p, 'Question one');
    await send(p.merchantToken, id, 'Answer one');
    const analytics = await call(test.app, 'GET', '/api/v1/chat/analytics', { token: p.merchantToken });
    expect(analytics.statusCode).toBe(200);
    expect(analytics.json().data).toMatchObject({
      period: '7d',
      conversations: 1,
      newConversations: 1,
      messagesSent: 1,
      messagesReceived: 1,
      unreadMessages: 1,
    });
    expect(analytics.json().data.averageResponseMinutes).toBeGreaterThanOrEqual(0);
    const days = (Date.parse(analytics.json().data.to) - Date.parse(analytics.json().data.from)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const bad = await call(test.app, 'GET', '/api/v1/chat/analytics?period=1y', { token: p.merchantToken });
    expectProblem(bad, 400, 'Period must be one of 24h, 7d, 30d, 90d');
    const health = await call(test.app, 'GET', '/api/v1/chat/health');
    expect(health.json()).toMatchObject({ success: true, status: 'ok', adapter: 'memory' });
  });
});

describe('attachments', () => {
  it('an image is stored re-encoded and sent as an image message; the image is served', async () => {
    const p = await party();
    const { id } = await startConversation(p);
    const upload = await call(test.app, 'POST', '/api/v1/chat/attachments', {
      token: p.customerToken,
      headers: { 'content-type': 'application/octet-stream' },
      body: PNG,
    });
    expect(upload.statusCode).toBe(201);
    const { url, contentType, size } = upload.json().data;
    expect(url).toMatch(/^\/media\/chat\/[0-9a-f-]{36}\.webp$/);
    const served = await test.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect({ contentType, size }).toEqual({ contentType: 'image/webp', size: served.rawPayload.length });
    expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const message = await send(p.customerToken, id, '', { messageType: 'image', attachmentUrl: url });
    expect(message.statusCode).toBe(201);
    expect(message.json().data).toMatchObject({ messageType: 'image', attachmentUrl: url, content: '' });
    const list = await call(test.app, 'GET', '/api/v1/chat/user/conversations', { token: p.customerToken });
    expect(list.json().data[0].lastMessage).toBe('Photo');
    const notUploaded = await send(p.customerToken, id, '', {
      messageType: 'image',
      attachmentUrl: `/media/chat/${UNKNOWN_ID}.png`,
    });
    expect(notUploaded.statusCode).toBe(400);
    const outside = await send(p.customerToken, id, '', {
      messageType: 'image',
      attachmentUrl: 'https://evil.test/x.png',
    });
    expect(outside.statusCode).toBe(400);
  });

  it('a non-image file renamed .jpg is rejected with Attached files must be images', async () => {
    const p = await party();
    const upload = await call(test.app, 'POST', '/api/v1/chat/attachments', {
      token: p.customerToken,
      headers: { 'content-type': 'image/jpeg', 'x-file-name': 'holiday.jpg' },
      body: Buffer.from('#!/bin/sh\necho this is not a picture\n'),
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toMatchObject({
      code: 'ATTACHMENT_NOT_IMAGE',
      message: 'Attached files must be images',
    });
    const traversal = await test.app.inject({ method: 'GET', url: '/media/chat/..%2F..%2Fjwt-secret' });
    expect(traversal.statusCode).toBe(404);
  });

  it('an image above the size cap is rejected', async () => {
    const small = await buildTestApp({ env: { CHAT_IMAGE_MAX_BYTES: '2048' } });
    try {
      const token = await customerToken(small, (await createCustomer(small.app.db)).id);
      const big = Buffer.concat([PNG, Buffer.alloc(3000)]);
      const upload = await call(small.app, 'POST', '/api/v1/chat/attachments', {
        token,
        headers: { 'content-type': 'image/png' },
        body: big,
      });
      expect(upload.statusCode).toBe(413);
      expect(upload.json()).toMatchObject({
        code: 'ATTACHMENT_TOO_LARGE',
        message: 'Image is too large (max 0 MB)',
      });
    } finally {
      await small.close();
    }
  });
});

describe('rate limit', () => {
  // Three sends a minute per user; each test's customers are new, so each starts a fresh budget.
  let limited: TestApp;
  let store: Awaited<ReturnType<typeof createStore>>;
  beforeAll(async () => {
    limited = await buildTestApp({ env: { CHAT_SEND_MAX: '3', CHAT_SEND_WINDOW_MS: '60000' } });
    await seedPlaces(limited.app.db);
    store = await createStore(limited.app.db);
  });
  afterAll(async () => {
    await limited?.close();
  });

  /** A new customer and their conversation with the store. */
  async function newConversation() {
    const customer = await createCustomer(limited.app.db);
    const token = await customerToken(limited, customer.id);
    const created = await call(limited.app, 'POST', '/api/v1/chat/conversations', {
      token,
      body: { storeId: store.id },
    });
    return { token, id: created.json().data.conversationId as string };
  }

  const sendIn = (token: string, conversationId: string, content: string) =>
    call(limited.app, 'POST', '/api/v1/chat/messages', { token, body: { conversationId, content } });

  it('sending is rate-limited per user with 429 and Retry-After', async () => {
    const { token, id } = await newConversation();
    const statuses: number[] = [];
    let last = null as Awaited<ReturnType<typeof call>> | null;
    for (let i = 0; i < 4; i++) {
      last = await sendIn(token, id, `n${i}`);
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(last!.json().code).toBe('CHAT_SEND_RATE_LIMITED');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last!.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another user keeps their own budget.
    const other = await newConversation();
    const ok = await sendIn(other.token, other.id, 'fine');
    expect(ok.statusCode).toBe(201);
  });

  it("a burst sent at once stores only the allowed sends; past the limit even a stranger's conversation answers 429", async () => {
    const { token, id } = await newConversation();
    // Five sends in one go: the limit answers while the writer's batch reads its facts.
    const burst = await Promise.all([0, 1, 2, 3, 4].map((i) => sendIn(token, id, `burst ${i}`)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429]);
    const page = await call(limited.app, 'GET', `/api/v1/chat/conversations/${id}/messages`, { token });
    expect(
      page
        .json()
        .data.map((m: { content: string }) => m.content)
        .sort(),
    ).toEqual(burst.flatMap((r, i) => (r.statusCode === 201 ? [`burst ${i}`] : [])));
    // Another customer's conversation: over the limit the answer is 429, not a 403 that probes it.
    const strangers = await newConversation();
    const probe = await sendIn(token, strangers.id, 'probe');
    expect(probe.statusCode).toBe(429);
    expect(probe.json().code).toBe('CHAT_SEND_RATE_LIMITED');
  });
});

describe('socket events', () => {
  it('a sent message reaches the merchant socket once, the delivered ack and the read mark reach the customer', async () => {
    const p = await party();
    const url = await listenUrl(test.app);
    const { id } = await startConversation(p);
    const merchantSocket = await open(url, p.merchantToken);
    const customerSocket = await open(url, p.customerToken);
    const merchantNew = collect<{ id: string; content: string }>(merchantSocket, 'new_message');
    const customerMessages = collect(merchantSocket, 'new_customer_message');
    const statusUpdates = collect<{ messageId: string; status: string }>(
      customerSocket,
      'message_status_update',
    );
    const events: ChatMessageSentPayload[] = [];
    const off = test.app.events.on('chat.message_sent', (payload) => void events.push(payload));
    const sent = (await send(p.customerToken, id, 'Ping')).json().data;
    await wait(300);
    off();
    expect(merchantNew.map((m) => m.content)).toEqual(['Ping']);
    expect(customerMessages).toHaveLength(1);
    expect(events).toEqual([
      expect.objectContaining({
        messageId: sent.id,
        conversationId: id,
        storeId: p.store.id,
        senderId: p.customer.id,
        senderRole: 'customer',
        recipientUserIds: [p.merchant.id],
        preview: 'Ping',
      }),
    ]);
    const ack = await new Promise<{ delivered: string[] }>((resolve) =>
      merchantSocket.emit('message_delivered', { messageId: sent.id }, resolve),
    );
    expect(ack.delivered).toEqual([sent.id]);
    await wait(200);
    expect(statusUpdates).toContainEqual(
      expect.objectContaining({ messageId: sent.id, status: 'delivered' }),
    );
    // The customer cannot ack its own message.
    const self = await new Promise<{ delivered: string[] }>((resolve) =>
      customerSocket.emit('message_delivered', { messageId: sent.id }, resolve),
    );
    expect(self.delivered).toEqual([]);
    const readEvent = nextEvent<{ messageIds: string[]; readerRole: string }>(
      customerSocket,
      'messages_read',
    );
    await call(test.app, 'POST', `/api/v1/chat/conversations/${id}/read`, { token: p.merchantToken });
    expect(await readEvent).toMatchObject({ messageIds: [sent.id], readerRole: 'merchant' });
  });

  it('sends that arrive together are stored in send order; a forbidden one fails alone; one notification each', async () => {
    const p = await party();
    const url = await listenUrl(test.app);
    const { id } = await startConversation(p);
    const other = await startConversation(await party());
    const customerSocket = await open(url, p.customerToken);
    const merchantSocket = await open(url, p.merchantToken);
    const countUpdates = collect<{ unread: number }>(merchantSocket, 'notification_count_update');
    const texts = Array.from({ length: 12 }, (_, i) => `burst ${i + 1}`);
    // Emitted in one turn: the group commit stores them together (message-writer.ts).
    const answers = await Promise.all(
      [...texts.slice(0, 6), 'not mine', ...texts.slice(6)].map(
        (content) =>
          new Promise<{ success: boolean; code?: string; data?: { content: string; createdAt: string } }>(
            (resolve) =>
              customerSocket.emit(
                'send_message',
                { conversationId: content === 'not mine' ? other.id : id, content },
                resolve,
              ),
          ),
      ),
    );
    expect(answers.map((a) => a.success)).toEqual([
      ...texts.slice(0, 6).map(() => true),
      false,
      ...texts.slice(6).map(() => true),
    ]);
    expect(answers[6]).toMatchObject({ code: 'CONVERSATION_FORBIDDEN' });
    const page = await call(test.app, 'GET', `/api/v1/chat/conversations/${id}/messages`, {
      token: p.merchantToken,
    });
    expect(page.json().data.map((m: { content: string }) => m.content)).toEqual(texts);
    const list = await call(test.app, 'GET', '/api/v1/chat/merchant/conversations', {
      token: p.merchantToken,
    });
    expect(list.json().data[0]).toMatchObject({ id, lastMessage: 'burst 12', unreadCount: 12 });
    await test.app.events.drain();
    const counts = await call(test.app, 'GET', '/api/v1/notifications/counts', { token: p.merchantToken });
    expect(counts.json().data).toMatchObject({ unread: 12, total: 12 });
    // Each notification's live count is the count as of that notification, even within one batch.
    await wait(200);
    expect(countUpdates.map((c) => c.unread)).toEqual(texts.map((_, i) => i + 1));
  });

  it('join_conversation checks access; typing reaches the other side only after joining; send_message acks', async () => {
    const p = await party();
    const url = await listenUrl(test.app);
    const { id } = await startConversation(p);
    const stranger = await open(url, await customerToken(test, (await createCustomer(test.app.db)).id));
    const denied = await new Promise<{ success: boolean; code: string }>((resolve) =>
      stranger.emit('join_conversation', { conversationId: id }, resolve),
    );
    expect(denied).toMatchObject({ success: false, code: 'CONVERSATION_FORBIDDEN' });
    const merchantSocket = await open(url, p.merchantToken);
    const customerSocket = await open(url, p.customerToken);
    for (const socket of [merchantSocket, customerSocket]) {
      const joined = await new Promise<{ success: boolean }>((resolve) =>
        socket.emit('join_conversation', { conversationId: id }, resolve),
      );
      expect(joined.success).toBe(true);
    }
    expect(await test.app.realtime.isViewingConversation(p.customer.id, id)).toBe(true);
    const strangerTyping = collect(merchantSocket, 'typing_start');
    stranger.emit('typing_start', { conversationId: id });
    const typing = nextEvent<{ conversationId: string; userId: string; isTyping: boolean }>(
      merchantSocket,
      'typing_start',
    );
    customerSocket.emit('typing_start', { conversationId: id });
    expect(await typing).toMatchObject({ conversationId: id, userId: p.customer.id, isTyping: true });
    expect(strangerTyping).toHaveLength(1);
    const tooLong = await new Promise<{ success: boolean; message: string }>((resolve) =>
      customerSocket.emit('send_message', { conversationId: id, content: 'z'.repeat(2001) }, resolve),
    );
    expect(tooLong).toMatchObject({ success: false, message: 'Message too long (max 2000 characters)' });
    const ok = await new Promise<{ success: boolean; data: { content: string } }>((resolve) =>
      customerSocket.emit('send_message', { conversationId: id, content: 'Via socket' }, resolve),
    );
    expect(ok).toMatchObject({ success: true, data: { content: 'Via socket', status: 'sent' } });
    await new Promise((resolve) =>
      customerSocket.emit('leave_conversation', { conversationId: id }, resolve),
    );
    expect(await test.app.realtime.isViewingConversation(p.customer.id, id)).toBe(false);
  });
});

const multiProcess = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(multiProcess)('two API processes on one PostgreSQL and Redis', () => {
  const redisClients: Redis[] = [];
  const prefix = `d3t${randomBytes(4).toString('hex')}`;
  let a: Awaited<ReturnType<typeof buildTestApp>>;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const redisA = new Redis(process.env.TEST_REDIS_URL!);
    const redisB = new Redis(process.env.TEST_REDIS_URL!);
    redisClients.push(redisA, redisB);
    a = await buildTestApp({ env: { REALTIME_KEY_PREFIX: prefix }, redis: redisA });
    b = await buildApp({ config: a.config, database: a.database, redis: redisB });
    await b.ready();
  });
  /** A merchant's store and a customer, both signed in, and their conversation, created through process A. */
  async function conversationThroughA() {
    await seedPlaces(a.app.db);
    const {
      store,
      customer,
      customerToken: cToken,
      merchantToken: mToken,
    } = await createStoreAndCustomer(a.app.db, a);
    const created = await call(a.app, 'POST', '/api/v1/chat/conversations', {
      token: cToken,
      body: { storeId: store.id },
    });
    return { customer, cToken, mToken, id: created.json().data.conversationId as string };
  }
  afterAll(async () => {
    await b?.close();
    await a?.close();
    for (const client of redisClients) client.disconnect();
  });

  it('a message sent through process A reaches a socket on process B exactly once; presence is shared', async () => {
    const { customer, cToken, mToken, id } = await conversationThroughA();
    const urlB = await listenUrl(b);
    const customerOnB = await openSocket(urlB, { token: cToken });
    sockets.push(customerOnB);
    await new Promise((resolve) => customerOnB.emit('user_join', {}, resolve));
    await new Promise((resolve) => customerOnB.emit('join_conversation', { conversationId: id }, resolve));
    expect(await a.app.realtime.isUserOnline(customer.id)).toBe(true);
    expect(await a.app.realtime.isViewingConversation(customer.id, id)).toBe(true);
    const received = collect<{ content: string }>(customerOnB, 'new_message');
    const sent = await call(a.app, 'POST', '/api/v1/chat/messages', {
      token: mToken,
      body: { conversationId: id, content: 'Across processes' },
    });
    expect(sent.statusCode).toBe(201);
    await wait(800);
    expect(received.map((m) => m.content)).toEqual(['Across processes']);
    customerOnB.close();
    await wait(300);
    expect(await a.app.realtime.isUserOnline(customer.id)).toBe(false);
  });

  it('a burst sent through process A reaches process B once each, every event in send order', async () => {
    const { cToken, mToken, id } = await conversationThroughA();
    const customerOnB = await openSocket(await listenUrl(b), { token: cToken });
    const merchantOnA = await openSocket(await listenUrl(a.app), { token: mToken });
    sockets.push(customerOnB, merchantOnA);
    await new Promise((resolve) => customerOnB.emit('user_join', {}, resolve));
    await new Promise((resolve) => merchantOnA.emit('user_join', {}, resolve));
    const events = ['new_message', 'new_merchant_message', 'new_store_to_customer_message'] as const;
    const received = events.map((event) => collect<{ content: string }>(customerOnB, event));
    const updates = collect<{ message: { content: string } }>(customerOnB, 'customer_chat_update');
    const notifications = collect<{ unread: number }>(customerOnB, 'notification_count_update');
    const onA = collect<{ content: string }>(merchantOnA, 'new_message');
    const texts = Array.from({ length: 10 }, (_, i) => `across ${i + 1}`);
    // Emitted in one turn: one batch of the writer, its emits cross to B together.
    const answers = await Promise.all(
      texts.map(
        (content) =>
          new Promise<{ success: boolean }>((resolve) =>
            merchantOnA.emit('send_message', { conversationId: id, content }, resolve),
          ),
      ),
    );
    expect(answers.every((answer) => answer.success)).toBe(true);
    await a.app.events.drain();
    await wait(800);
    for (const list of received) expect(list.map((m) => m.content)).toEqual(texts);
    expect(updates.map((u) => u.message.content)).toEqual(texts);
    expect(notifications.map((n) => n.unread)).toEqual(texts.map((_, i) => i + 1));
    // The sender's own socket (in the store room, on A) gets new_message once too.
    expect(onA.map((m) => m.content)).toEqual(texts);
    // Closed while both processes run: their offline events must not outlive the Redis clients.
    customerOnB.close();
    merchantOnA.close();
    await wait(300);
  });

  it('the send limit is one budget across processes: 429 with Retry-After on either', async () => {
    const limitedRedisA = new Redis(process.env.TEST_REDIS_URL!);
    const limitedRedisB = new Redis(process.env.TEST_REDIS_URL!);
    redisClients.push(limitedRedisA, limitedRedisB);
    const limitedA = await buildTestApp({
      env: {
        REALTIME_KEY_PREFIX: `d3t${randomBytes(4).toString('hex')}`,
        CHAT_SEND_MAX: '3',
        CHAT_SEND_WINDOW_MS: '60000',
      },
      redis: limitedRedisA,
    });
    const limitedB = await buildApp({
      config: limitedA.config,
      database: limitedA.database,
      redis: limitedRedisB,
    });
    try {
      await limitedB.ready();
      await seedPlaces(limitedA.app.db);
      const store = await createStore(limitedA.app.db);
      const customer = await createCustomer(limitedA.app.db);
      const token = await customerToken(limitedA, customer.id);
      const created = await call(limitedA.app, 'POST', '/api/v1/chat/conversations', {
        token,
        body: { storeId: store.id },
      });
      const id = created.json().data.conversationId;
      const through = [limitedA.app, limitedB, limitedA.app, limitedB];
      const statuses: number[] = [];
      let last = null as Awaited<ReturnType<typeof call>> | null;
      for (const [i, app] of through.entries()) {
        last = await call(app, 'POST', '/api/v1/chat/messages', {
          token,
          body: { conversationId: id, content: `n${i}` },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(last!.json().code).toBe('CHAT_SEND_RATE_LIMITED');
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(last!.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Sends that reach both processes in the same turn share the budget too.
      const other = await createCustomer(limitedA.app.db);
      const otherToken = await customerToken(limitedA, other.id);
      const otherId = (
        await call(limitedA.app, 'POST', '/api/v1/chat/conversations', {
          token: otherToken,
          body: { storeId: store.id },
        })
      ).json().data.conversationId;
      const together = await Promise.all(
        [limitedA.app, limitedB, limitedA.app, limitedB, limitedA.app].map((app, i) =>
          call(app, 'POST', '/api/v1/chat/messages', {
            token: otherToken,
            body: { conversationId: otherId, content: `t${i}` },
          }),
        ),
      );
      expect(together.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(together.filter((r) => r.statusCode === 429)).toHaveLength(2);
    } finally {
      await limitedB.close();
      await limitedA.close();
    }
  });

  it('a socket reconnects after its process restarts on the same port and then receives messages', async () => {
    const { customer, cToken, mToken, id } = await conversationThroughA();

    const startB = async () => {
      const redis = new Redis(process.env.TEST_REDIS_URL!);
      redisClients.push(redis);
      const app = await buildApp({ config: a.config, database: a.database, redis });
      await app.ready();
      return app;
    };
    const first = await startB();
    const url = await listenUrl(first);
    const port = Number(new URL(url).port);
    // The site's client: reconnection on (short delays here), websocket only.
    const client = connectClient(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 300,
      auth: { token: cToken },
    });
    sockets.push(client);
    await nextEvent(client, 'connect', 5000);
    const firstId = client.id;

    const dropped = nextEvent<string>(client, 'disconnect', 5000);
    await first.close();
    expect(await dropped).toBe('transport close');
    expect(client.connected).toBe(false);

    const second = await startB();
    try {
      const back = nextEvent(client, 'connect', 10_000);
      await second.listen({ port, host: '127.0.0.1' });
      await back;
      expect(client.connected).toBe(true);
      expect(client.id).not.toBe(firstId);
      // Sent at once after connect, as the site does: the server holds it until its handlers are on.
      await new Promise((resolve) => client.emit('join_conversation', { conversationId: id }, resolve));
      const received = nextEvent<{ content: string }>(client, 'new_message', 5000);
      const sent = await call(a.app, 'POST', '/api/v1/chat/messages', {
        token: mToken,
        body: { conversationId: id, content: 'After the restart' },
      });
      expect(sent.statusCode).toBe(201);
      expect((await received).content).toBe('After the restart');
      expect(await a.app.realtime.isUserOnline(customer.id)).toBe(true);
    } finally {
      client.close();
      await second.close();
    }
  });
});
