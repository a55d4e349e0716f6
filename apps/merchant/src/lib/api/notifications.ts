import { notificationsRoutes } from '@d3/shared/api/routes';
import type { TNotification } from '@d3/shared/notifications/notification-schemas';
import { BELL_LOAD, NOTIFICATION_POLL_MS } from '@d3/shared/notifications/notification-schemas';
import { SERVER_EVENTS } from '@d3/shared/realtime/socket-events';
import { useRealtime } from '@d3/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../api-client';
import { merchantSocketHub } from '../socket';

/** Keyed under 'merchants' so signing out forgets them. */
export const merchantNotificationKeys = {
  all: ['merchants', 'notifications'] as const,
  bell: ['merchants', 'notifications', 'bell'] as const,
  counts: ['merchants', 'notifications', 'counts'] as const,
};

/**
 * The merchant bell's newest 10 and the unread count: live over the merchant's socket (issue 37: a
 * new notification goes to the top at once, counts and read marks follow the server's events), read
 * again every 30 s and when the tab shows again as a backstop (seed 001 §9). A failed list shows as
 * empty, failed counts as zero (seed 001 §8).
 */
export function useMerchantNotifications(token: string | null) {
  const enabled = token !== null;
  const client = useQueryClient();
  const list = useQuery({
    queryKey: merchantNotificationKeys.bell,
    queryFn: ({ signal }) =>
      call(notificationsRoutes.list, { query: { page: 1, limit: BELL_LOAD } }, { signal })
        .then((body) => body.data.notifications)
        .catch(() => [] as TNotification[]),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
  const counts = useQuery({
    queryKey: merchantNotificationKeys.counts,
    queryFn: ({ signal }) =>
      call(notificationsRoutes.counts, {}, { signal })
        .then((body) => body.data.unread)
        .catch(() => 0),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
  });

  useLiveMerchantNotifications(token);

  useEffect(() => {
    if (!enabled) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        void client.invalidateQueries({ queryKey: merchantNotificationKeys.all });
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [client, enabled]);

  return { list, unread: counts.data ?? 0 };
}

/** Marks one read (PUT /notifications/{id}/read) and lowers the count at once. */
export function useMarkMerchantNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(notificationsRoutes.markRead, { params: { id } }),
    onMutate: async (id) => {
      // A read of the bell on its way would answer this one unread again (decision 0655).
      await client.cancelQueries({ queryKey: merchantNotificationKeys.all });
      let wasUnread = false;
      client.setQueryData<TNotification[]>(merchantNotificationKeys.bell, (list) =>
        list?.map((n) => {
          if (n.id !== id || n.read) return n;
          wasUnread = true;
          return { ...n, read: true, isRead: true };
        }),
      );
      // Only an unread one lowers the count (clicking a read notification again left it one short).
      if (wasUnread)
        client.setQueryData<number>(merchantNotificationKeys.counts, (n) => Math.max(0, (n ?? 0) - 1));
    },
    onSettled: () => client.invalidateQueries({ queryKey: merchantNotificationKeys.counts }),
  });
}

export function useMarkAllMerchantNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationsRoutes.markAllRead),
    onMutate: async () => {
      await client.cancelQueries({ queryKey: merchantNotificationKeys.all });
      client.setQueryData<TNotification[]>(merchantNotificationKeys.bell, (list) =>
        list?.map((n) => ({ ...n, read: true, isRead: true })),
      );
      client.setQueryData<number>(merchantNotificationKeys.counts, 0);
    },
    onSettled: () => client.invalidateQueries({ queryKey: merchantNotificationKeys.all }),
  });
}

/** The bell's live half: the merchant's socket's notification events written into the cached list and count. */
function useLiveMerchantNotifications(token: string | null) {
  const client = useQueryClient();
  const setUnread = (unread: number | undefined) => {
    if (typeof unread === 'number') client.setQueryData<number>(merchantNotificationKeys.counts, unread);
  };
  useRealtime(merchantSocketHub, token, {
    [SERVER_EVENTS.newNotification]: (event) => {
      const created = event?.notification;
      if (created) {
        client.setQueryData<TNotification[]>(merchantNotificationKeys.bell, (list) =>
          [created, ...(list ?? []).filter((n) => n.id !== created.id)].slice(0, BELL_LOAD),
        );
      } else {
        void client.invalidateQueries({ queryKey: merchantNotificationKeys.bell });
      }
      setUnread(event?.unread);
    },
    [SERVER_EVENTS.notificationCountUpdate]: (event) => setUnread(event?.unread),
    [SERVER_EVENTS.notificationRead]: (event) => {
      const ids = event?.notificationIds;
      client.setQueryData<TNotification[]>(merchantNotificationKeys.bell, (list) =>
        list?.map((n) =>
          (ids === 'all' && (!event.type || n.type === event.type)) ||
          (Array.isArray(ids) && ids.includes(n.id))
            ? { ...n, read: true, isRead: true }
            : n,
        ),
      );
      setUnread(event?.unread);
    },
  });
}
