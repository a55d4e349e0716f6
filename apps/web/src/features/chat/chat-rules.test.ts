import type { TChatMessage, TConversation } from '@d3/shared/chat/chat-schemas';
import { unreadBadge } from '@d3/shared/chat/chat-schemas';
import { describe, expect, it } from 'vitest';
import { isSocketAuthError, SOCKET_OPTIONS } from '../../lib/socket';
import {
  applyStatus,
  filterConversations,
  isSendKey,
  keepTicks,
  mergeMessage,
  ticksFor,
  unreadTotal,
} from './chat-rules';

const message = (id: string, createdAt: string, status: TChatMessage['status'] = 'sent') =>
  ({ id, createdAt, status, content: id }) as TChatMessage;
const conversation = (name: string, unreadCount: number) =>
  ({ id: name, store: { name }, unreadCount }) as unknown as TConversation;

describe('chat rules', () => {
  it('one tick for sent, two for delivered and read', () => {
    expect(ticksFor('sent')).toEqual({ count: 1, read: false });
    expect(ticksFor('delivered')).toEqual({ count: 2, read: false });
    expect(ticksFor('read')).toEqual({ count: 2, read: true });
  });

  it('Search stores... filters by store name ignoring case', () => {
    const list = [conversation('Glow Spa', 0), conversation('Fit Gym', 2)];
    expect(filterConversations(list, 'spa').map((c) => c.id)).toEqual(['Glow Spa']);
    expect(filterConversations(list, '  ')).toHaveLength(2);
  });

  it('merging a message twice keeps one copy, in time order', () => {
    const a = message('a', '2026-01-01T10:00:00Z');
    const b = message('b', '2026-01-01T09:00:00Z');
    expect(mergeMessage(mergeMessage([a], b), b).map((m) => m.id)).toEqual(['b', 'a']);
  });

  it('status only moves forward', () => {
    const list = [message('a', 'x', 'read'), message('b', 'y', 'sent')];
    expect(applyStatus(list, ['a', 'b'], 'delivered').map((m) => m.status)).toEqual(['read', 'delivered']);
  });

  it("a send's late HTTP answer ('sent') does not undo the read mark its socket events already set", () => {
    // The socket echo and the read mark can beat the HTTP answer of the send on a slow line.
    const read = { ...message('a', 'x', 'read'), readAt: '2026-01-01T10:00:05Z', content: 'Habari' };
    const answer = { ...message('a', 'x', 'sent'), readAt: null, content: 'Habari' };
    const [merged] = mergeMessage([read], answer);
    expect(merged?.status).toBe('read');
    expect(merged?.readAt).toBe('2026-01-01T10:00:05Z');
    // A real step forward still lands.
    expect(mergeMessage([answer], { ...answer, status: 'delivered' })[0]?.status).toBe('delivered');
  });

  it('a re-read of the messages keeps the ticks the page already showed, and adds what is new', () => {
    const shown = [message('a', '1', 'read'), message('b', '2', 'delivered')];
    const reread = [message('a', '1', 'delivered'), message('b', '2', 'read'), message('c', '3', 'sent')];
    const kept = keepTicks(shown, reread) as TChatMessage[];
    expect(kept.map((m) => [m.id, m.status])).toEqual([
      ['a', 'read'],
      ['b', 'read'],
      ['c', 'sent'],
    ]);
    // Nothing to keep from: the re-read as it came.
    expect(keepTicks(undefined, reread)).toBe(reread);
  });

  it('Enter sends, Shift+Enter does not', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
  });

  it("unread total and the badge: '9+' above 9", () => {
    expect(unreadTotal([conversation('a', 4), conversation('b', 6)])).toBe(10);
    expect(unreadBadge(10)).toBe('9+');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(0)).toBe('');
  });

  it('socket: 5 reconnect attempts 1-5 s, 10 s timeout; handshake refusals are told by data.code, not text', () => {
    expect(SOCKET_OPTIONS).toMatchObject({
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 10_000,
    });
    const refused = (code: string, message: string) => Object.assign(new Error(message), { data: { code } });
    expect(isSocketAuthError(refused('SOCKET_AUTH_MISSING', 'No authentication token available'))).toBe(true);
    expect(isSocketAuthError(refused('SOCKET_AUTH_INVALID', 'anything the server says'))).toBe(true);
    // The seed's text alone (no code) or a transport failure is not a sign-in problem.
    expect(isSocketAuthError(new Error('Invalid or expired authentication token'))).toBe(false);
    expect(isSocketAuthError(Object.assign(new Error('xhr poll error'), { data: undefined }))).toBe(false);
    expect(isSocketAuthError(refused('RATE_LIMITED', 'Too many requests'))).toBe(false);
  });
});
