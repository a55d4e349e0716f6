import { notificationsRoutes } from '@d3/shared/api/routes';
import { bellList, bellUnread, chatNotifications } from '@d3/shared/notifications/chat-notifications';
import { isLocalOnlyNotificationId, notificationGroup } from '@d3/shared/notifications/notification-rules';
import type { TNotification, TNotificationCounts } from '@d3/shared/notifications/notification-schemas';
import { BELL_LOAD, NOTIFICATION_POLL_MS } from '@d3/shared/notifications/notification-schemas';
import { SERVER_EVENTS } from '@d3/shared/realtime/socket-events';
import { useRealtime } from '@d3/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { call } from '../api-client';
import { socketHub } from '../socket';
import { chatConversationsKey, useChatConversations } from './chat-conversations';

/** Personal data: keyed under 'users' so signing out forgets it. */
export const notificationKeys = {
  all: (token: string | null) => ['users', 'notifications', token] as const,
  bell: (token: string | null) => ['users', 'notifications', token, 'bell'] as const,
  counts: (token: string | null) => ['users', 'notifications', token, 'counts'] as const,
};

const ZERO_COUNTS: TNotificationCounts = {
  total: 0,
  unread: 0,
  byType: { message: 0, booking: 0, offer: 0, service_request_offer: 0, store_follow: 0 },
};

/** Window events after which the bell looks again (seed 001 §9). */
export const BELL_REFRESH_EVENTS = ['chatUpdated', 'messageReceived', 'notificationUpdate'] as const;

/**
 * The bell's newest 10 and the counts, polled every 30 s, when the tab becomes visible again and
 * on the refresh events. A failed list shows as empty, failed counts as zeros (seed 001 §8).
 * Chat notifications are made here from the conversations with unread messages and replace the
 * server's of the message types (seed 001 §4); `markReadHere` marks them read in this tab only.
 */
export function useBellNotifications(token: string | null) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: notificationKeys.bell(token),
    queryFn: async ({ signal }) => {
      try {
        const body = await call(
          notificationsRoutes.list,
          { query: { page: 1, limit: BELL_LOAD } },
          { signal },
        );
        return body.data.notifications;
      } catch {
        return [] as TNotification[];
      }
    },
    enabled: token !== null,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
  const counts = useQuery({
    queryKey: notificationKeys.counts(token),
    queryFn: async ({ signal }) => {
      try {
        return (await call(notificationsRoutes.counts, {}, { signal })).data;
      } catch {
        return ZERO_COUNTS;
      }
    },
    enabled: token !== null,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
  const conversations = useChatConversations(token, { poll: NOTIFICATION_POLL_MS });
  const [readHere, setReadHere] = useState<ReadonlyMap<string, string>>(() => new Map());
  const chat = useMemo(
    () => chatNotifications(conversations.data ?? [], new Date(), readHere),
    [conversations.data, readHere],
  );
  const items = useMemo(() => (list.data ? bellList(list.data, chat) : undefined), [list.data, chat]);
  const markReadHere = useCallback((read: readonly TNotification[]) => {
    const local = read.filter((n) => isLocalOnlyNotificationId(n.id));
    if (local.length > 0)
      setReadHere((was) => new Map([...was, ...local.map((n) => [n.id, n.createdAt] as const)]));
  }, []);

  useEffect(() => {
    if (token === null) return;
    const refresh = () => {
      void client.invalidateQueries({ queryKey: notificationKeys.all(token) });
      void client.invalidateQueries({ queryKey: chatConversationsKey(token) });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    for (const name of BELL_REFRESH_EVENTS) window.addEventListener(name, refresh);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      for (const name of BELL_REFRESH_EVENTS) window.removeEventListener(name, refresh);
    };
  }, [client, token]);

  useLiveNotifications(token);

  return {
    items,
    loading: list.isPending,
    unread: bellUnread(counts.data ?? ZERO_COUNTS, chat),
    markReadHere,
  };
}

/**
 * Live bell: on the tab's shared socket, a new notification goes to the top of the list, counts and
 * read marks are set from the event, and a service offer refetches (its notification follows).
 */
export function useLiveNotifications(token: string | null) {
  const client = useQueryClient();
  /** Sets the counts from an event; `messages` moves the unread message-type count the bell leaves out. */
  const setUnread = (
    unread: number | undefined,
    total?: number,
    messages?: (unreadMessages: number) => number,
  ) => {
    if (typeof unread !== 'number') return;
    client.setQueryData<TNotificationCounts>(notificationKeys.counts(token), (counts) => {
      const was = counts ?? ZERO_COUNTS;
      return {
        ...was,
        unread,
        ...(typeof total === 'number' ? { total } : {}),
        ...(messages ? { byType: { ...was.byType, message: messages(was.byType.message ?? 0) } } : {}),
      };
    });
  };
  /** The conversations, whose unread counts are also the navbar's and tab bar's chat badge. */
  const refreshChat = () => void client.invalidateQueries({ queryKey: chatConversationsKey(token) });
  useRealtime(socketHub, token, {
    // A store's message to this customer: the bell's chat notification and the navbar's chat badge
    // both come from the conversations, read again at once. From the chat event,
    // which every message sends to the customer's room, not from the notification, which the server
    // leaves out while a socket of theirs still shows the conversation (a page just left, a tab).
    [SERVER_EVENTS.customerChatUpdate]: () => refreshChat(),
    // Read in another tab or on another phone: the badges go down there too.
    [SERVER_EVENTS.messagesRead]: (event) => {
      if (event?.readerRole === 'customer') refreshChat();
    },
    [SERVER_EVENTS.newNotification]: (event) => {
      const created = event?.notification;
      const message = created !== undefined && notificationGroup(created.type) === 'message';
      if (created) {
        client.setQueryData<TNotification[]>(notificationKeys.bell(token), (list) =>
          [created, ...(list ?? []).filter((n) => n.id !== created.id)].slice(0, BELL_LOAD),
        );
      } else {
        refreshChat();
        void client.invalidateQueries({ queryKey: notificationKeys.bell(token) });
      }
      setUnread(event?.unread, undefined, message ? (n) => n + 1 : undefined);
    },
    [SERVER_EVENTS.notificationCountUpdate]: (event) => setUnread(event?.unread, event?.total),
    [SERVER_EVENTS.notificationRead]: (event) => {
      const ids = event?.notificationIds;
      client.setQueryData<TNotification[]>(notificationKeys.bell(token), (list) =>
        list?.map((n) =>
          ids === 'all'
            ? !event.type || n.type === event.type
              ? { ...n, read: true, isRead: true }
              : n
            : ids?.includes(n.id)
              ? { ...n, read: true, isRead: true }
              : n,
        ),
      );
      const allMessages = ids === 'all' && (!event.type || notificationGroup(event.type) === 'message');
      setUnread(event?.unread, undefined, allMessages ? () => 0 : undefined);
    },
    [SERVER_EVENTS.serviceOfferReceived]: () =>
      void client.invalidateQueries({ queryKey: notificationKeys.all(token) }),
  });
}

/** Marks one read (ids the client made up are read locally only) and lowers the unread count at once. */
export function useMarkNotificationRead(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      if (isLocalOnlyNotificationId(id)) return;
      await call(notificationsRoutes.markRead, { params: { id } });
    },
    onMutate: async (id) => {
      // A read of the bell on its way would answer this one unread again (decision 0655).
      await client.cancelQueries({ queryKey: notificationKeys.all(token) });
      let wasUnread = false;
      client.setQueryData<TNotification[]>(notificationKeys.bell(token), (list) =>
        list?.map((n) => {
          if (n.id !== id || n.read) return n;
          wasUnread = true;
          return { ...n, read: true, isRead: true };
        }),
      );
      if (wasUnread) {
        client.setQueryData<TNotificationCounts>(notificationKeys.counts(token), (counts) =>
          counts ? { ...counts, unread: Math.max(0, counts.unread - 1) } : counts,
        );
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.counts(token) }),
  });
}

export function useMarkAllNotificationsRead(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationsRoutes.markAllRead),
    onMutate: async () => {
      await client.cancelQueries({ queryKey: notificationKeys.all(token) });
      client.setQueryData<TNotification[]>(notificationKeys.bell(token), (list) =>
        list?.map((n) => ({ ...n, read: true, isRead: true })),
      );
      client.setQueryData<TNotificationCounts>(notificationKeys.counts(token), (counts) =>
        counts ? { ...counts, unread: 0 } : counts,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all(token) }),
  });
}
