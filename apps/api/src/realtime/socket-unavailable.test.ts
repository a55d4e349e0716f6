import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { conversations, messages } from '../db/schema/chat.js';
import { useApiTestApp } from '../test/build-app.js';
import { listenUrl, nextEvent, openSocket, socketsClosedAfterAll, wait } from '../test/sockets.js';

/**
 * Issue 35's fault run (cut every PostgreSQL connection) lost a merchant's chat for good: a socket
 * event whose session check could not reach the database ended the session as if it had been
 * revoked (`session_ended`, a disconnect the client never retries), a socket whose rooms could not
 * be joined got the same disconnect, and a handshake that could not check its token was refused as
 * a bad token (the sites then sign the user out). A database that does not answer is not a
 * revoked session: the event is refused SERVICE_UNAVAILABLE and sent again, the socket stays, and
 * a refused handshake or setup is tried again.
 */
const test = useApiTestApp();
const sockets = socketsClosedAfterAll();

/** The message of SERVICE_UNAVAILABLE in the shared table. */
const UNAVAILABLE = 'Service temporarily unavailable. Please try again shortly.';

/**
 * Makes the database stop answering the statements `matches` picks, as a cut connection does
 * (the driver's "Connection terminated unexpectedly"), for the next `times` of them.
 */
function cutDatabase(matches: RegExp, times = Number.POSITIVE_INFINITY) {
  // The driver's client (a pg Pool, or PGlite behind its query queue); `query` is its prototype's.
  type Client = { query: (...args: unknown[]) => unknown };
  const client = (test.app.db as unknown as { $client: Client }).$client;
  let left = times;
  let refused = 0;
  client.query = function query(this: Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (left > 0 && matches.test(text)) {
      left -= 1;
      refused += 1;
      return Promise.reject(new Error('Connection terminated unexpectedly'));
    }
    return (Object.getPrototypeOf(this) as Client).query.apply(this, args);
  };
  const restore = () => {
    delete (client as Partial<Client>).query;
  };
  restores.push(restore);
  return { restore, refused: () => refused };
}
const restores: Array<() => void> = [];
afterEach(() => {
  for (const restore of restores.splice(0)) restore();
});

/** The token version read of every session check (accounts-repository.ts). */
const SESSION_CHECK = /token_version/;

async function chatPair() {
  const { merchant, token: merchantToken, store } = await test.merchantWithStore();
  const { user, token: customerToken } = await test.customer();
  const [row] = await test.app.db
    .insert(conversations)
    .values({ customerId: user.id, storeId: store.id })
    .returning({ id: conversations.id });
  return { merchant, merchantToken, store, user, customerToken, conversationId: row!.id };
}

type Ack = { success: boolean; code?: string; message?: string; retryAfter?: number; data?: { seq: number } };

describe('a database that stops answering does not end live sessions', () => {
  it('a handshake that cannot check its token is refused SERVICE_UNAVAILABLE, not SOCKET_AUTH_INVALID, and lets the same token in once the database answers', async () => {
    const url = await listenUrl(test.app);
    const { customerToken } = await chatPair();
    const cut = cutDatabase(SESSION_CHECK);
    const refused = (await openSocket(url, { token: customerToken }).catch((e: unknown) => e)) as Error & {
      data?: { code: string };
    };
    expect(cut.refused()).toBeGreaterThan(0);
    expect(refused.message).toBe(UNAVAILABLE);
    expect(refused.data).toEqual({ code: 'SERVICE_UNAVAILABLE' });
    cut.restore();
    const socket = await openSocket(url, { token: customerToken });
    sockets.push(socket);
    expect(socket.connected).toBe(true);
  });

  it('a send_message whose session check cannot reach the database is refused SERVICE_UNAVAILABLE, the socket stays open, and its resend is stored once and delivered', async () => {
    const url = await listenUrl(test.app);
    const pair = await chatPair();
    const merchant = await openSocket(url, { token: pair.merchantToken });
    const customer = await openSocket(url, { token: pair.customerToken });
    sockets.push(merchant, customer);
    await nextEvent(merchant, 'connection_established').catch(() => undefined);
    const ended: unknown[] = [];
    merchant.on('session_ended', (payload) => ended.push(payload));
    const heard: Array<{ seq: number; content: string }> = [];
    customer.on('new_message', (message) => heard.push(message));
    const body = { conversationId: pair.conversationId, content: 'Karibu tena', clientMessageId: 'cut-1' };

    const cut = cutDatabase(SESSION_CHECK);
    // More refusals than the socket's strikes (20): the database's fault is not the client's.
    const answers: Ack[] = [];
    for (let i = 0; i < 25; i += 1) {
      answers.push(await merchant.timeout(3000).emitWithAck('send_message', body));
    }
    expect(answers).toHaveLength(25);
    for (const answer of answers) {
      expect(answer).toEqual({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: UNAVAILABLE,
        retryAfter: 5,
      });
    }
    await wait(200);
    expect(ended).toEqual([]);
    expect(merchant.connected).toBe(true);
    expect(
      await test.app.db.select().from(messages).where(eq(messages.conversationId, pair.conversationId)),
    ).toEqual([]);

    cut.restore();
    const sent: Ack = await merchant.timeout(3000).emitWithAck('send_message', body);
    expect(sent.success).toBe(true);
    expect(sent.data?.seq).toBe(1);
    await wait(200);
    expect(heard.map((m) => [m.seq, m.content])).toEqual([[1, 'Karibu tena']]);
    const stored = await test.app.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, pair.conversationId));
    expect(stored.map((m) => [m.seq, m.content, m.clientMessageId])).toEqual([[1, 'Karibu tena', 'cut-1']]);
  });

  it('a merchant socket whose store rooms cannot be read is closed at the transport, reconnects by itself and then hears its store', async () => {
    const url = await listenUrl(test.app);
    const pair = await chatPair();
    // The first read of the merchant's stores (the socket's setup) fails; the rest answer.
    const cut = cutDatabase(/from "stores"/, 1);
    const merchant = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      auth: { token: pair.merchantToken },
      reconnectionDelay: 100,
      reconnectionDelayMax: 200,
    });
    sockets.push(merchant);
    const reasons: string[] = [];
    merchant.on('disconnect', (reason) => reasons.push(reason));
    const established = await nextEvent<{ storeIds: string[] }>(merchant, 'connection_established', 5000);
    expect(cut.refused()).toBe(1);
    expect(reasons).toEqual(['transport close']);
    expect(established.storeIds).toEqual([pair.store.id]);
    const heard = nextEvent<{ content: string }>(merchant, 'new_message');
    const customer = await openSocket(url, { token: pair.customerToken });
    sockets.push(customer);
    const ack: Ack = await customer.timeout(3000).emitWithAck('send_message', {
      conversationId: pair.conversationId,
      content: 'Habari',
      clientMessageId: 'after-setup',
    });
    expect(ack.success).toBe(true);
    expect((await heard).content).toBe('Habari');
  });
});
