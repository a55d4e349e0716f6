import { newClientMessageId } from '@d3/shared/chat/chat-rules';
import { useSyncExternalStore } from 'react';

/**
 * Chat messages written with no network (issue 32): kept on the phone, shown in the thread as
 * pending, and sent once, in the order written, when the connection returns (flushChatOutbox, which
 * app/ starts on the `online` event and on each start). Kept in localStorage so a closed tab or a
 * restarted phone loses nothing; signing out empties it with the other offline copies.
 *
 * Exactly once: an entry is marked `sending` before its request leaves and leaves the outbox only
 * when the API answered; tabs take turns through a Web Lock, so two open tabs never both send it.
 * A request that fails before any answer (offline, connection refused) puts the entry back as it
 * was; an answer that refuses it (4xx) drops it and reports the API's message. The entry's id goes
 * with it as the message's client id (issue 35): a send whose answer was lost in flight, sent again,
 * gets the message the API stored the first time instead of a second one.
 */

export interface TQueuedMessage {
  /** Also the message's client id when it is sent. */
  id: string;
  conversationId: string;
  content: string;
  queuedAt: string;
  sending?: boolean;
}

const KEY = 'd3:chat-outbox';
const LOCK = 'd3-chat-outbox';
const listeners = new Set<() => void>();
let snapshot: TQueuedMessage[] | null = null;
const EMPTY: TQueuedMessage[] = [];

function read(): TQueuedMessage[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as TQueuedMessage[]) : [];
  } catch {
    return [];
  }
}

function write(list: TQueuedMessage[]) {
  try {
    if (list.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the in-memory copy still shows and sends this session.
  }
  snapshot = list;
  for (const listener of listeners) listener();
}

function current(): TQueuedMessage[] {
  snapshot ??= read();
  return snapshot;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY) return;
    snapshot = read();
    onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Keeps a text message to send when the connection returns. */
export function queueChatMessage(conversationId: string, content: string): TQueuedMessage {
  const entry: TQueuedMessage = {
    id: newClientMessageId(),
    conversationId,
    content,
    queuedAt: new Date().toISOString(),
  };
  write([...read(), entry]);
  return entry;
}

export function hasQueuedChatMessages(): boolean {
  return current().length > 0;
}

/** The messages of one conversation still waiting to be sent, oldest first. */
export function useQueuedChatMessages(conversationId: string | null): TQueuedMessage[] {
  const all = useSyncExternalStore(subscribe, current, () => EMPTY);
  return conversationId ? all.filter((entry) => entry.conversationId === conversationId) : EMPTY;
}

export function clearChatOutbox(): void {
  write([]);
}

type TSend = (body: { conversationId: string; content: string; clientMessageId: string }) => Promise<unknown>;

interface TFlushResult {
  sent: number;
  refused: { entry: TQueuedMessage; error: unknown }[];
}

/**
 * Whether the API answered (then the message was refused: never send it again). The API client
 * reports no answer (offline, refused connection, timeout) as status 0.
 */
const answered = (error: unknown) => {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : 0;
  return typeof status === 'number' && status > 0;
};

async function flushNow(send: TSend, onSent: (entry: TQueuedMessage, message: unknown) => void) {
  const result: TFlushResult = { sent: 0, refused: [] };
  // An entry still `sending` was left by a tab that closed mid-request: its answer never came, so it goes again.
  for (const entry of read()) {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) break;
    write(read().map((item) => (item.id === entry.id ? { ...item, sending: true } : item)));
    try {
      const message = await send({
        conversationId: entry.conversationId,
        content: entry.content,
        clientMessageId: entry.id,
      });
      write(read().filter((item) => item.id !== entry.id));
      result.sent += 1;
      onSent(entry, message);
    } catch (error) {
      if (answered(error)) {
        write(read().filter((item) => item.id !== entry.id));
        result.refused.push({ entry, error });
        continue;
      }
      write(read().map((item) => (item.id === entry.id ? { ...item, sending: false } : item)));
      break; // still no network: the rest wait for the next `online`
    }
  }
  return result;
}

let chain: Promise<unknown> = Promise.resolve();

/** Sends what the outbox holds, once, in order; tabs and repeated calls take turns. */
export function flushChatOutbox(
  send: TSend,
  onSent: (entry: TQueuedMessage, message: unknown) => void = () => undefined,
): Promise<TFlushResult> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const next = chain.then(async (): Promise<TFlushResult> => {
    if (!locks) return flushNow(send, onSent);
    let result: TFlushResult = { sent: 0, refused: [] };
    await locks.request(LOCK, async () => {
      result = await flushNow(send, onSent);
    });
    return result;
  });
  chain = next.catch(() => undefined);
  return next;
}
