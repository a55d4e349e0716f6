import { isLocalOnlyNotificationId } from '@d3/shared/notifications/notification-rules';
import type { TNotification, TNotificationCounts } from '@d3/shared/notifications/notification-schemas';
import { BELL_LOAD, NOTIFICATION_POLL_MS } from '@d3/shared/notifications/notification-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '../api-client';
import { acquireSocket, releaseSocket } from '../socket';

/** Personal data: keyed under 'users' so signing out forgets it. */
export const notificationKeys = {
  all: (token: string | null) => ['users', 'notifications', token] as const,
  bell: (token: string | null) => ['users', 'notifications', token, 'bell'] as const,
  counts: (token: string | null) => ['users', 'notifications', token, 'counts'] as const,
};

interface ListBody {
  data: { notifications: TNotification[] };
}
interface CountsBody {
  data: TNotificationCounts;
}

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
 */
export function useBellNotifications(token: string | null) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: notificationKeys.bell(token),
    queryFn: async ({ signal }) => {
      try {
        const body = await apiFetch<ListBody>('/notifications', {
          signal,
          query: { page: 1, limit: BELL_LOAD },
        });
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
        return (await apiFetch<CountsBody>('/notifications/counts', { signal })).data;
      } catch {
        return ZERO_COUNTS;
      }
    },
    enabled: token !== null,
    refetchInterval: NOTIFICATION_POLL_MS,
  });

  useEffect(() => {
    if (token === null) return;
    const refresh = () => void client.invalidateQueries({ queryKey: notificationKeys.all(token) });
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

  return { list, counts, unread: counts.data?.unread ?? 0 };
}

interface NewNotificationEvent {
  notification?: TNotification;
  unread?: number;
}
interface CountEvent {
  unread?: number;
  total?: number;
}
interface ReadEvent {
  notificationIds?: string[] | 'all';
  type?: string;
  unread?: number;
}

/**
 * Live bell: on the tab's shared socket, a new notification goes to the top of the list, counts and
 * read marks are set from the event, and a service offer refetches (its notification follows).
 */
export function useLiveNotifications(token: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (token === null) return;
    const socket = acquireSocket(token);
    const setUnread = (unread: number | undefined, total?: number) => {
      if (typeof unread !== 'number') return;
      client.setQueryData<TNotificationCounts>(notificationKeys.counts(token), (counts) => ({
        ...(counts ?? ZERO_COUNTS),
        unread,
        ...(typeof total === 'number' ? { total } : {}),
      }));
    };
    const onNew = (event: NewNotificationEvent) => {
      const created = event?.notification;
      if (created) {
        client.setQueryData<TNotification[]>(notificationKeys.bell(token), (list) =>
          [created, ...(list ?? []).filter((n) => n.id !== created.id)].slice(0, BELL_LOAD),
        );
      } else {
        void client.invalidateQueries({ queryKey: notificationKeys.bell(token) });
      }
      setUnread(event?.unread);
    };
    const onCount = (event: CountEvent) => setUnread(event?.unread, event?.total);
    const onRead = (event: ReadEvent) => {
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
      setUnread(event?.unread);
    };
    const onOffer = () => void client.invalidateQueries({ queryKey: notificationKeys.all(token) });
    socket.on('new_notification', onNew);
    socket.on('notification_count_update', onCount);
    socket.on('notification_read', onRead);
    socket.on('service_offer_received', onOffer);
    return () => {
      socket.off('new_notification', onNew);
      socket.off('notification_count_update', onCount);
      socket.off('notification_read', onRead);
      socket.off('service_offer_received', onOffer);
      releaseSocket(socket);
    };
  }, [client, token]);
}

/** Marks one read (ids the client made up are read locally only) and lowers the unread count at once. */
export function useMarkNotificationRead(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      if (isLocalOnlyNotificationId(id)) return;
      await apiFetch(`/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT' });
    },
    onMutate: (id) => {
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
    mutationFn: () => apiFetch('/notifications/mark-all-read', { method: 'PUT' }),
    onMutate: () => {
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
