import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/chat.js';
import { type ApiTestApp, call, useApiTestApp } from '../../test/build-app.js';
import { expectProblem } from '../../test/problems.js';
import { collect, listenUrl, openSocket, socketsClosedAfterAll } from '../../test/sockets.js';
import { MessageWriter } from './message-writer.js';

/**
 * Issue 35: a chat message is stored exactly once, whatever resends it (a retry after a lost answer,
 * a reconnect, the offline outbox), and a conversation's messages are numbered 1, 2, 3 … with no
 * gap. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where racing writers meet in the
 * database, not in one process).
 */
const test = useApiTestApp();
const sockets = socketsClosedAfterAll();

interface Sent {
  id: string;
  seq: number;
  clientMessageId: string | null;
  content: string;
}

async function pair(t: ApiTestApp = test) {
  const { merchant, token: merchantToken, store } = await t.merchantWithStore();
  const { user: customer, token: customerToken } = await t.customer();
  const started = await call(t.app, 'POST', '/api/v1/chat/conversations', {
    token: customerToken,
    body: { storeId: store.id },
  });
  const conversationId = started.json().data.conversationId as string;
  return { merchant, merchantToken, store, customer, customerToken, conversationId };
}

function send(token: string, conversationId: string, content: string, clientMessageId?: string) {
  return call(test.app, 'POST', '/api/v1/chat/messages', {
    token,
    body: { conversationId, content, ...(clientMessageId ? { clientMessageId } : {}) },
  });
}

async function stored(conversationId: string) {
  const { eq, asc } = await import('drizzle-orm');
  return test.app.db
    .select({ seq: messages.seq, content: messages.content, clientMessageId: messages.clientMessageId })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.seq));
}

describe('chat exactly once (issue 35)', () => {
  it('the same client message id sent twice, one after the other, stores one message and answers it both times', async () => {
    const p = await pair();
    const clientMessageId = randomUUID();
    const first = await send(p.customerToken, p.conversationId, 'Is Saturday 10 AM free?', clientMessageId);
    expect(first.statusCode).toBe(201);
    const again = await send(p.customerToken, p.conversationId, 'Is Saturday 10 AM free?', clientMessageId);
    expect(again.statusCode).toBe(201);
    const a = first.json().data as Sent;
    const b = again.json().data as Sent;
    expect(b).toEqual(a);
    expect(a).toMatchObject({ seq: 1, clientMessageId, content: 'Is Saturday 10 AM free?' });
    expect(await stored(p.conversationId)).toEqual([
      { seq: 1, content: 'Is Saturday 10 AM free?', clientMessageId },
    ]);
    // The merchant's reply with the same id is another sender's message: stored.
    const reply = await send(p.merchantToken, p.conversationId, 'Yes it is.', clientMessageId);
    expect(reply.json().data).toMatchObject({ seq: 2, clientMessageId });
    // The conversation's list shows the one message, not two.
    const list = await call(test.app, 'GET', `/api/v1/chat/conversations/${p.conversationId}/messages`, {
      token: p.customerToken,
    });
    expect(list.json().data.map((m: Sent) => [m.seq, m.content])).toEqual([
      [1, 'Is Saturday 10 AM free?'],
      [2, 'Yes it is.'],
    ]);
  });

  it('two sends with the same client message id racing store one message; both answer it', async () => {
    const p = await pair();
    const clientMessageId = randomUUID();
    const [a, b] = await Promise.all([
      send(p.customerToken, p.conversationId, 'Racing', clientMessageId),
      send(p.customerToken, p.conversationId, 'Racing', clientMessageId),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(await stored(p.conversationId)).toEqual([{ seq: 1, content: 'Racing', clientMessageId }]);
  });

  it('racing resends on two writers (as on two processes) store one message, and the numbers stay gap-free', async () => {
    const p = await pair();
    // Two group-commit writers on the same database: each stores its own batch, as two API
    // processes do; on PostgreSQL they meet in the database (the unique index and the row lock).
    const writers = [new MessageWriter(test.app.db), new MessageWriter(test.app.db)];
    const sender = { sub: p.customer.id, role: 'customer' as const };
    const body = (content: string, clientMessageId: string) => ({
      conversationId: p.conversationId,
      content,
      messageType: 'text' as const,
      attachmentUrl: undefined,
      clientMessageId,
    });
    const ids = Array.from({ length: 10 }, () => randomUUID());
    const results = await Promise.all(
      ids.flatMap((id, i) =>
        writers.map((writer) => writer.write(sender, body(`m${i + 1}`, id), Promise.resolve())),
      ),
    );
    // Every pair answered one and the same message; exactly one of each pair stored it.
    for (let i = 0; i < ids.length; i++) {
      const [x, y] = [results[2 * i]!, results[2 * i + 1]!];
      expect(x.row.id).toBe(y.row.id);
      expect([x.duplicate, y.duplicate].sort()).toEqual([false, true]);
    }
    const rows = await stored(p.conversationId);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(rows.map((r) => r.clientMessageId))).toEqual(new Set(ids));
  });

  it('sequence numbers run 1, 2, 3 … per conversation with no gap across batches, resends and refusals', async () => {
    const p = await pair();
    const q = await pair();
    const stranger = await test.customer();
    const resent = randomUUID();
    const burst = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => send(p.customerToken, p.conversationId, `p${i + 1}`)),
      ...Array.from({ length: 4 }, (_, i) => send(q.merchantToken, q.conversationId, `q${i + 1}`)),
      // Refused (not theirs): spends no number.
      send(stranger.token, p.conversationId, 'not mine'),
      send(p.merchantToken, p.conversationId, 'reply', resent),
      send(p.merchantToken, p.conversationId, 'reply', resent),
    ]);
    expect(burst.map((r) => r.statusCode).filter((s) => s === 201)).toHaveLength(14);
    expect(burst.map((r) => r.statusCode)).toContain(403);
    await send(p.merchantToken, p.conversationId, 'reply', resent);
    const last = await send(p.customerToken, p.conversationId, 'after');
    expect(last.json().data.seq).toBe(10);
    expect((await stored(p.conversationId)).map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await stored(q.conversationId)).map((r) => r.seq)).toEqual([1, 2, 3, 4]);
  });

  it('a client message id that is not a plain id is refused with Invalid client message ID', async () => {
    const p = await pair();
    const response = await send(p.customerToken, p.conversationId, 'Hi', 'has spaces <b>');
    expectProblem(response, 400, 'Invalid client message ID');
    expect(await stored(p.conversationId)).toEqual([]);
  });

  it('send_message over the socket with the same client message id twice: one message, one notification; the resend is announced again for a client that missed it', async () => {
    const p = await pair();
    const url = await listenUrl(test.app);
    const customer = await openSocket(url, { token: p.customerToken });
    const merchant = await openSocket(url, { token: p.merchantToken });
    sockets.push(customer, merchant);
    await new Promise((resolve) => merchant.emit('user_join', {}, resolve));
    const arrived = collect<Sent>(merchant, 'new_message');
    const notified: string[] = [];
    const off = test.app.events.on('chat.message_sent', (payload) => void notified.push(payload.messageId));
    const emit = (content: string, clientMessageId: string) =>
      new Promise<{ success: boolean; data: Sent }>((resolve) =>
        customer.emit(
          'send_message',
          { conversationId: p.conversationId, content, clientMessageId },
          resolve,
        ),
      );
    const clientMessageId = randomUUID();
    const first = await emit('Over the socket', clientMessageId);
    const again = await emit('Over the socket', clientMessageId);
    expect(first.success).toBe(true);
    expect(again.data).toEqual(first.data);
    // A later message arrives after everything the resend announced (one ordered stream).
    const next = await emit('Next one', randomUUID());
    await expect.poll(() => arrived.map((m) => m.id)).toContain(next.data.id);
    off();
    // The same message (same id and number) twice, never a second message; one notification.
    expect(arrived.map((m) => [m.seq, m.content])).toEqual([
      [1, 'Over the socket'],
      [1, 'Over the socket'],
      [2, 'Next one'],
    ]);
    expect(new Set(arrived.map((m) => m.id)).size).toBe(2);
    expect(notified).toEqual([first.data.id, next.data.id]);
  });
});
