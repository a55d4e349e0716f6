import type { TChatMessage, TConversation } from './chat-schemas.js';

/**
 * A new client message id (issue 35): the sites give each message one when it is written, and send
 * it again with every resend, so the API stores the message once. crypto.randomUUID where the page
 * has it (a secure context); otherwise time and randomness, still within CLIENT_MESSAGE_ID.
 */
export function newClientMessageId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const part = () => Math.random().toString(36).slice(2, 12);
  return `${Date.now().toString(36)}-${part()}-${part()}`;
}

/** One tick for sent, two for delivered and read (seed 001 §4); read ticks are blue. */
export function ticksFor(status: TChatMessage['status']): { count: 1 | 2; read: boolean } {
  return { count: status === 'sent' ? 1 : 2, read: status === 'read' };
}

const RANK = { sent: 1, delivered: 2, read: 3 } as const;

/**
 * The later of two reads of one message: ticks only move forward. A message's status comes from
 * several places that race on a slow line (the send's HTTP answer, its socket echo, a status event,
 * a re-read of the list), and whichever lands last must not undo a tick another one set.
 */
function later(known: TChatMessage, incoming: TChatMessage): TChatMessage {
  if (RANK[known.status] <= RANK[incoming.status]) return { ...known, ...incoming };
  return {
    ...known,
    ...incoming,
    status: known.status,
    deliveredAt: incoming.deliveredAt ?? known.deliveredAt,
    readAt: incoming.readAt ?? known.readAt,
  };
}

/** Adds or replaces a message by id (a socket echo of our own send never doubles it), oldest first. */
export function mergeMessage(messages: TChatMessage[], message: TChatMessage): TChatMessage[] {
  const index = messages.findIndex((m) => m.id === message.id);
  if (index >= 0) {
    const next = [...messages];
    next[index] = later(next[index]!, message);
    return next;
  }
  return [...messages, message].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * A conversation's messages read again (the query's `structuralSharing`): the new page, with every
 * tick the page already showed kept. The read may have left the server before a live read mark
 * arrived; without this the refetch would turn a blue tick grey again until the next event.
 */
export function keepTicks(known: unknown, incoming: unknown): unknown {
  if (!Array.isArray(known) || !Array.isArray(incoming)) return incoming;
  const byId = new Map((known as TChatMessage[]).map((m) => [m.id, m]));
  return (incoming as TChatMessage[]).map((m) => {
    const was = byId.get(m.id);
    return was ? later(was, m) : m;
  });
}

/** Applies a status update, never moving a message back. */
export function applyStatus(
  messages: TChatMessage[],
  ids: string[],
  status: TChatMessage['status'],
): TChatMessage[] {
  const set = new Set(ids);
  return messages.map((m) => (set.has(m.id) && RANK[status] > RANK[m.status] ? { ...m, status } : m));
}

/** Enter sends; Shift+Enter is a newline; nothing while an IME composes. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

export const unreadTotal = (conversations: TConversation[]) =>
  conversations.reduce((sum, c) => sum + c.unreadCount, 0);
