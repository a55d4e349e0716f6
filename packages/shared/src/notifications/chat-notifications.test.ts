import { describe, expect, it } from 'vitest';
import { bellList, bellUnread, chatNotifications } from './chat-notifications.js';
import { isLocalOnlyNotificationId } from './notification-rules.js';
import type { TNotification } from './notification-schemas.js';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('chat notifications made by the client', () => {
  const conversation = (
    id: string,
    unreadCount: number,
    lastMessageTime: string | null,
    name = 'Glow Spa',
  ) => ({
    id,
    storeId: `store-${id}`,
    store: { name, avatar: null },
    lastMessage: `hello from ${name}`,
    lastMessageTime,
    unreadCount,
    createdAt: ago(3 * HOUR).toISOString(),
  });
  const server = (id: string, type: string, read: boolean, priority: 'normal' | 'high' = 'normal') =>
    ({
      id,
      type,
      read,
      isRead: read,
      priority,
      createdAt: ago(2 * HOUR).toISOString(),
      title: id,
    }) as TNotification;

  it('one per conversation with unread messages, titled by the count, opening the conversation', () => {
    const chat = chatNotifications(
      [
        conversation('a', 1, ago(5 * MIN).toISOString()),
        conversation('b', 3, ago(2 * HOUR).toISOString(), 'Kilimani Cuts'),
        conversation('c', 0, ago(MIN).toISOString()),
      ],
      NOW,
    );
    expect(chat.map((n) => [n.id, n.title, n.actionUrl, n.read, n.isNew, n.timeAgo])).toEqual([
      ['chat-a', 'New message from Glow Spa', '/chat/Store/store-a', false, true, '5m ago'],
      ['chat-b', 'You have 3 unread messages', '/chat/Store/store-b', false, false, '2h ago'],
    ]);
    expect(chat[0]?.message).toBe('hello from Glow Spa');
    expect(isLocalOnlyNotificationId(chat[0]?.id ?? '')).toBe(true);
  });

  it('a chat notification read here stays read until a newer message arrives', () => {
    const at = ago(5 * MIN).toISOString();
    const readAt = new Map([['chat-a', at]]);
    expect(chatNotifications([conversation('a', 1, at)], NOW, readAt)[0]?.read).toBe(true);
    expect(chatNotifications([conversation('a', 2, ago(MIN).toISOString())], NOW, readAt)[0]?.read).toBe(
      false,
    );
  });

  it("replace the server's message-type notifications in the bell, which keeps priority order", () => {
    const chat = chatNotifications([conversation('a', 2, ago(MIN).toISOString())], NOW);
    const list = bellList(
      [
        server('n1', 'new_message', false),
        server('n2', 'booking_confirmed', false, 'high'),
        server('n3', 'chat_started', true),
        server('n4', 'store_follow', true),
      ],
      chat,
    );
    expect(list.map((n) => n.id)).toEqual(['n2', 'chat-a', 'n4']);
  });

  it("counts unread: the server's less its unread message ones, plus the unread chat ones", () => {
    const chat = chatNotifications(
      [conversation('a', 2, ago(MIN).toISOString()), conversation('b', 1, ago(MIN).toISOString())],
      NOW,
      new Map([['chat-b', ago(MIN).toISOString()]]),
    );
    expect(bellUnread({ unread: 5, byType: { message: 3 } }, chat)).toBe(3);
    expect(bellUnread({ unread: 1, byType: { message: 4 } }, [])).toBe(0);
  });
});
