import { isLocalOnlyNotificationId } from '@d3/shared/notifications/notification-rules';
import type { TNotification } from '@d3/shared/notifications/notification-schemas';
import { NotificationBellView, useT } from '@d3/ui';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useBellNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../lib/api/notifications-api';
import {
  browserNotificationsSupported,
  enableBrowserNotifications,
  showBrowserNotification,
} from '../lib/browser-notifications';
import { useSession } from '../lib/use-session';

/** Only same-site paths are followed. */
const safePath = (url: string | null) => (url?.startsWith('/') && !url.startsWith('//') ? url : null);

/**
 * The navbar bell (seed 000 §2 "Notification bell", seed 001 §4 "Notifications"): signed-in
 * only; the panel is the shared `NotificationBellView` (packages/ui), also the merchant site's; a
 * click marks read and follows the actionUrl; new ones may become browser notifications.
 */
export function NotificationBell() {
  const session = useSession();
  if (!session) return null;
  return <BellPanel token={session.token} />;
}

function BellPanel({ token }: { token: string }) {
  const t = useT();
  const [permission, setPermission] = useState(() =>
    browserNotificationsSupported() ? Notification.permission : 'denied',
  );
  const { items, loading, unread, markReadHere } = useBellNotifications(token);
  const markRead = useMarkNotificationRead(token);
  const markAll = useMarkAllNotificationsRead(token);
  const navigate = useNavigate();
  const seen = useRef<Set<string> | null>(null);

  // New unread ones after the first load become browser notifications (when allowed).
  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((n) => n.id));
      return;
    }
    for (const n of items) {
      if (!seen.current.has(n.id) && !n.read) showBrowserNotification(n.title, n.message);
      seen.current.add(n.id);
    }
  }, [items]);

  const follow = (n: TNotification) => {
    if (!n.read) {
      if (isLocalOnlyNotificationId(n.id)) markReadHere([n]);
      else markRead.mutate(n.id);
    }
    const path = safePath(n.actionUrl);
    if (path) void navigate(path);
  };

  return (
    <NotificationBellView
      notifications={items}
      unread={unread}
      loading={loading}
      onFollow={follow}
      onMarkAllRead={() => {
        markReadHere(items ?? []);
        markAll.mutate();
      }}
      footer={
        permission === 'default' ? (
          <button
            type="button"
            onClick={() => void enableBrowserNotifications().then(setPermission)}
            className="focus-ring text-sm font-medium text-orange-700 hover:underline dark:text-orange-300"
          >
            {t('bell.browser')}
          </button>
        ) : null
      }
    />
  );
}
