/**
 * The fault test's chat (issue 35): PAIRS conversations, each a customer and the merchant of a store
 * of its own, both sending through the proxy (together `rate` messages/s), each message with its
 * client message id: the customer over HTTP (`POST /chat/messages`, as the sites send), the merchant
 * over its socket (`send_message` with an acknowledgement), so both send paths are under the faults.
 * A send that gets no answer (or no acknowledgement within 5 s), a 5xx or a 429 is sent again with
 * the same id, as the sites do (the composer's retry, the offline outbox), until it is answered. Every side also
 * holds a socket and records the other side's messages by their per-conversation sequence number
 * (`new_message`; after a reconnect that recovered nothing, the page re-reads the conversation over
 * HTTP, as the chat pages do).
 *
 * Checks, from the database: every acknowledged message stored once, under the number its answer
 * gave; each conversation numbered 1 … n with no gap; no message (a sender's n-th text) stored
 * twice. At the end, every stored message reached the other side (its socket, or the re-read).
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type { Config } from '../../apps/api/src/config.js';
import type { Db } from '../../apps/api/src/db/client.js';
import { conversations } from '../../apps/api/src/db/schema/chat.js';
import { createStoreAndCustomer } from '../../apps/api/src/test/factories.js';
import { api, base, retryable, samples, sleep, traffic } from './faults-client.js';

type Role = 'customer' | 'merchant';

interface Pair {
  index: number;
  conversationId: string;
  tokens: Record<Role, string>;
}

/** What a side's socket received of the other side's messages: seq -> times by socket. */
interface Received {
  bySocket: Map<number, number>;
  /** Numbers known from the re-read after a reconnect that recovered nothing. */
  reread: Set<number>;
  reconnects: number;
  recovered: number;
}

const RUN = Date.now().toString(36);
/** client message id -> what its answer said. */
const acked = new Map<string, { conversationId: string; seq: number; id: string }>();
/**
 * `ended`: sockets the server ended (`session_ended`, or a Socket.IO disconnect the client never
 * retries). No fault may end a session (decision 0562): the run fails on any.
 */
const counters = { resent: 0, refused: 0, abandoned: 0, ended: 0, handshakesRefused: 0 };
const received = new Map<string, Record<Role, Received>>();
const sockets: Socket[] = [];
/** `${conversationId}:${role}` -> that side's socket (the merchant sends on it). */
const socketOf = new Map<string, Socket>();

export async function createChatPairs(db: Db, config: Config, count: number): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (let index = 0; index < count; index += 1) {
    const parties = await createStoreAndCustomer(db, { config });
    const [row] = await db
      .insert(conversations)
      .values({ customerId: parties.customer.id, storeId: parties.store.id })
      .returning({ id: conversations.id });
    pairs.push({
      index,
      conversationId: row!.id,
      tokens: { customer: parties.customerToken, merchant: parties.merchantToken },
    });
  }
  return pairs;
}

/** Both sides of every pair send, each every `2 * pairs / rate` seconds: `rate` messages/s in all. */
export function chatSenders(pairs: Pair[], rate: number): Promise<void>[] {
  const intervalMs = (2 * pairs.length * 1000) / rate;
  return pairs.flatMap((pair) =>
    (['customer', 'merchant'] as const).map((role) => sender(pair, role, intervalMs)),
  );
}

async function sender(pair: Pair, role: Role, intervalMs: number) {
  // Spread the senders over the interval rather than all at once.
  await sleep(Math.random() * intervalMs);
  let n = 0;
  while (traffic.running) {
    n += 1;
    const started = performance.now();
    const clientMessageId = `${RUN}-${pair.index}-${role[0]}-${n}`;
    const body = { conversationId: pair.conversationId, content: `fault ${role} ${n}`, clientMessageId };
    // After traffic stops, a send still unanswered keeps trying for 30 s (then its fate is unknown).
    let giveUpAt = Number.POSITIVE_INFINITY;
    for (let attempt = 1; ; attempt += 1) {
      const answer =
        role === 'customer'
          ? await api<{ data?: { id: string; seq: number } }>('POST', '/api/v1/chat/messages', {
              body,
              token: pair.tokens[role],
              kind: 'chat',
            })
          : await socketSend(socketOf.get(`${pair.conversationId}:${role}`)!, body);
      if (answer.status === 201 && answer.json?.data) {
        const { id, seq } = answer.json.data;
        acked.set(clientMessageId, { conversationId: pair.conversationId, seq, id });
        break;
      }
      if (!retryable(answer.status)) {
        counters.refused += 1;
        break;
      }
      if (!traffic.running && giveUpAt === Number.POSITIVE_INFINITY) giveUpAt = performance.now() + 30_000;
      if (performance.now() > giveUpAt) {
        counters.abandoned += 1;
        break;
      }
      counters.resent += 1;
      await sleep(Math.min(1000, 150 * attempt));
    }
    await sleep(Math.max(0, intervalMs - (performance.now() - started)));
  }
}

/** Status codes of a socket acknowledgement's error codes (as the HTTP answer would have). */
const ACK_STATUS: Record<string, number> = {
  CHAT_SEND_RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  DATABASE_BUSY: 503,
  INTERNAL: 500,
};

/** `send_message` with its acknowledgement (5 s, else no answer: status 0), as one sample. */
function socketSend(
  socket: Socket,
  body: object,
): Promise<{ status: number; json?: { data?: { id: string; seq: number } } }> {
  return new Promise((resolve) => {
    socket
      .timeout(5000)
      .emit(
        'send_message',
        body,
        (error: unknown, ack?: { success: boolean; code?: string; data?: { id: string; seq: number } }) => {
          const status = error || !ack ? 0 : ack.success ? 201 : (ACK_STATUS[ack.code ?? ''] ?? 400);
          samples.push({ at: performance.now(), kind: 'chat', status, retryAfter: null });
          resolve({ status, json: ack?.success ? { data: ack.data } : undefined });
        },
      );
  });
}

/** One socket per side of every pair, through the proxy (websocket: no stickiness needed). */
export async function chatReceivers(pairs: Pair[]): Promise<void> {
  await Promise.all(
    pairs.flatMap((pair) => {
      const sides = {} as Record<Role, Received>;
      received.set(pair.conversationId, sides);
      return (['customer', 'merchant'] as const).map((role) => {
        const side: Received = { bySocket: new Map(), reread: new Set(), reconnects: 0, recovered: 0 };
        sides[role] = side;
        return receiver(pair, role, side);
      });
    }),
  );
}

function receiver(pair: Pair, role: Role, side: Received): Promise<void> {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { token: pair.tokens[role] },
    reconnectionDelay: 300,
    reconnectionDelayMax: 2000,
  });
  sockets.push(socket);
  socketOf.set(`${pair.conversationId}:${role}`, socket);
  socket.on('new_message', (message: { conversationId: string; seq: number; sender: Role }) => {
    if (message.conversationId !== pair.conversationId || message.sender === role) return;
    side.bySocket.set(message.seq, (side.bySocket.get(message.seq) ?? 0) + 1);
  });
  // As the sites do (packages/ui useRealtime `onResync`): a side is ready once the server says the
  // socket is in its rooms (`connection_established`; a merchant's store rooms are joined after a
  // database read), and after a drop onto a new session it reads the conversation again only then.
  // A read on 'connect' could miss a message sent before the rooms were joined.
  let dropped = false;
  socket.on('disconnect', (reason) => {
    dropped = true;
    if (reason === 'io server disconnect') counters.ended += 1;
  });
  socket.on('session_ended', () => {
    counters.ended += 1;
  });
  // As the sites' socket hub does (packages/api-client/src/socket.ts): a reconnect's handshake
  // refused SERVICE_UNAVAILABLE (the token could not be checked) is tried again; Socket.IO would not.
  socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
    if (socket.active || error.data?.code !== 'SERVICE_UNAVAILABLE') return;
    counters.handshakesRefused += 1;
    setTimeout(() => {
      if (traffic.running && !socket.connected) socket.connect();
    }, 1000);
  });
  socket.on('connection_established', () => {
    if (!dropped) return;
    dropped = false;
    side.reconnects += 1;
    if (socket.recovered) {
      side.recovered += 1;
      return;
    }
    // A new session (its process died): what the page shows is read again over HTTP.
    void reread(pair, role, side);
  });
  return new Promise((resolve, reject) => {
    socket.once('connection_established', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

async function reread(pair: Pair, role: Role, side: Received) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const answer = await api<{ data?: Array<{ seq: number; sender: Role }> }>(
      'GET',
      `/api/v1/chat/conversations/${pair.conversationId}/messages?page=1&limit=100`,
      { token: pair.tokens[role] },
    );
    if (answer.status === 200 && answer.json?.data) {
      for (const message of answer.json.data) if (message.sender !== role) side.reread.add(message.seq);
      return;
    }
    await sleep(500);
  }
}

export function closeChatSockets() {
  for (const socket of sockets) socket.close();
}

export interface ChatCheck {
  /** Acknowledged but not stored, or stored under another number than the answer said. */
  lost: number;
  /** A sender's n-th message stored more than once, or a number used twice. */
  duplicated: number;
  /** Numbers missing from a conversation's 1 … n. */
  gaps: number;
  stored: number;
  acked: number;
}

/** The database's view: every acknowledged message once, numbered without gaps (any moment). */
export async function checkChat(db: pg.Client): Promise<ChatCheck> {
  // What was acknowledged before the database is read (a later answer is not in this read).
  const answered = [...acked];
  const rows = (
    await db.query<{
      conversation_id: string;
      seq: number;
      content: string;
      client_message_id: string | null;
    }>(
      `select m.conversation_id, m.seq, m.content, m.client_message_id
         from messages m where m.conversation_id = any($1::uuid[])`,
      [[...received.keys()]],
    )
  ).rows;
  const byClientId = new Map<string, { conversationId: string; seq: number }[]>();
  const perConversation = new Map<
    string,
    { seqs: Set<number>; max: number; contents: Map<string, number> }
  >();
  let duplicated = 0;
  for (const row of rows) {
    if (row.client_message_id) {
      const list = byClientId.get(row.client_message_id) ?? [];
      list.push({ conversationId: row.conversation_id, seq: row.seq });
      byClientId.set(row.client_message_id, list);
    }
    const c = perConversation.get(row.conversation_id) ?? { seqs: new Set(), max: 0, contents: new Map() };
    if (c.seqs.has(row.seq)) duplicated += 1;
    c.seqs.add(row.seq);
    c.max = Math.max(c.max, row.seq);
    c.contents.set(row.content, (c.contents.get(row.content) ?? 0) + 1);
    perConversation.set(row.conversation_id, c);
  }
  let gaps = 0;
  for (const c of perConversation.values()) {
    gaps += c.max - c.seqs.size;
    for (const times of c.contents.values()) if (times > 1) duplicated += times - 1;
  }
  let lost = 0;
  for (const [clientId, answer] of answered) {
    const stored = byClientId.get(clientId) ?? [];
    if (stored.length > 1) duplicated += stored.length - 1;
    if (!stored.some((s) => s.conversationId === answer.conversationId && s.seq === answer.seq)) lost += 1;
  }
  return { lost, duplicated, gaps, stored: rows.length, acked: answered.length };
}

export interface DeliveryCheck {
  /** Stored messages the other side's socket (or its re-read after a new session) never got. */
  lost: number;
  /**
   * Messages a socket received again (a resend's events go again, decision 0560): the same
   * message, same sequence number, which the client merges; not a duplicated message.
   */
  redelivered: number;
  delivered: number;
  reconnects: number;
  recovered: number;
}

/**
 * After traffic: waits (up to `waitMs`) until every stored message reached the other side, then
 * counts what did not and what came twice.
 */
export async function checkDelivery(db: pg.Client, waitMs: number): Promise<DeliveryCheck> {
  const rows = (
    await db.query<{ conversation_id: string; seq: number; sender_type: Role }>(
      `select conversation_id, seq, sender_type from messages where conversation_id = any($1::uuid[])`,
      [[...received.keys()]],
    )
  ).rows;
  const missing = () =>
    rows.filter((row) => {
      const side = received.get(row.conversation_id)?.[
        row.sender_type === 'customer' ? 'merchant' : 'customer'
      ];
      return !side || !(side.bySocket.has(row.seq) || side.reread.has(row.seq));
    });
  const until = performance.now() + waitMs;
  while (missing().length > 0 && performance.now() < until) await sleep(250);
  let redelivered = 0;
  let reconnects = 0;
  let recovered = 0;
  for (const sides of received.values()) {
    for (const side of Object.values(sides)) {
      for (const times of side.bySocket.values()) if (times > 1) redelivered += times - 1;
      reconnects += side.reconnects;
      recovered += side.recovered;
    }
  }
  return { lost: missing().length, redelivered, delivered: rows.length, reconnects, recovered };
}

export const chatCounters = counters;
