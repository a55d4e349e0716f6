import {
  chatNotificationTitle,
  isNewNotification,
  notificationGroup,
  notificationTimeAgo,
  sortNotifications,
} from './notification-rules.js';
import type { TNotification } from './notification-schemas.js';

/**
 * The bell's chat notifications (seed 001 §4): made by the client from the customer's conversations,
 * not read from the server's list, and in the bell they replace the server's of the message types.
 */

/** What the bell reads of a chat conversation (the customer's conversation list answers it). */
export interface BellConversation {
  id: string;
  storeId: string;
  store: { name: string; avatar?: string | null };
  lastMessage: string | null;
  lastMessageTime: string | null;
  unreadCount: number;
  createdAt: string;
}

/** The id of the bell's chat notification for a conversation. */
export const chatNotificationId = (conversationId: string) => `chat-${conversationId}`;

/**
 * One chat notification per conversation with unread messages: 'New message from {store}', or
 * 'You have {n} unread messages' for several; it opens the conversation. Its id begins `chat-`, so a
 * click marks it read here only: `readHere` maps ids marked read to the `createdAt` (the last
 * message's time) they were read at, so a newer message makes the notification unread again.
 */
export function chatNotifications(
  conversations: readonly BellConversation[],
  now: Date,
  readHere: ReadonlyMap<string, string> = new Map(),
): TNotification[] {
  return conversations
    .filter((c) => c.unreadCount > 0)
    .map((c) => {
      const id = chatNotificationId(c.id);
      const createdAt = c.lastMessageTime ?? c.createdAt;
      const read = readHere.get(id) === createdAt;
      const timeAgo = notificationTimeAgo(createdAt, now);
      const data = {
        conversationId: c.id,
        storeId: c.storeId,
        storeName: c.store.name,
        unread: c.unreadCount,
      };
      return {
        id,
        type: 'new_message',
        title: chatNotificationTitle(c.unreadCount, c.store.name),
        subtitle: null,
        message: c.lastMessage ?? '',
        description: c.lastMessage ?? '',
        createdAt,
        read,
        isRead: read,
        readAt: null,
        priority: 'normal',
        avatar: c.store.avatar ?? null,
        actionUrl: `/chat/Store/${c.storeId}`,
        actionType: 'open_chat',
        data,
        metadata: data,
        sender: c.store.name,
        store: { id: c.storeId, name: c.store.name, logo_url: c.store.avatar ?? null },
        time: timeAgo,
        timeAgo,
        isNew: isNewNotification(createdAt, now),
        team: c.store.name,
        icon: 'message-circle',
        color: 'blue',
      };
    });
}

/** The bell's list: the chat notifications replace the server's of the message types; bell order. */
export function bellList<T extends TNotification>(
  server: readonly T[],
  chat: readonly TNotification[],
): TNotification[] {
  return sortNotifications([...server.filter((n) => notificationGroup(n.type) !== 'message'), ...chat]);
}

/** The bell's unread count: the server's, less its unread message-type ones, plus unread chat ones. */
export function bellUnread(
  counts: { unread: number; byType?: { message?: number } },
  chat: readonly { read: boolean }[],
): number {
  const others = Math.max(0, counts.unread - (counts.byType?.message ?? 0));
  return others + chat.filter((n) => !n.read).length;
}
