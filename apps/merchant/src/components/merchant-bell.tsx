import type { TNotification } from '@d3/shared/notifications/notification-schemas';
import { NotificationBellView } from '@d3/ui';
import { useNavigate } from 'react-router';
import {
  useMarkAllMerchantNotificationsRead,
  useMarkMerchantNotificationRead,
  useMerchantNotifications,
} from '../lib/api/notifications';
import { MERCHANT_BASENAME } from '../lib/api-client';
import { useMerchantToken } from '../lib/auth-token';

/** A link inside this site ('/merchant/chat' -> '/chat'); anything else is not followed. */
export function merchantPathOf(url: string | null): string | null {
  if (!url?.startsWith(`${MERCHANT_BASENAME}/`) && url !== MERCHANT_BASENAME) return null;
  return url.slice(MERCHANT_BASENAME.length) || '/';
}

/** The merchant's bell: the shared panel (packages/ui) over the merchant's notifications. */
export function MerchantBell({ align = 'right' }: { align?: 'left' | 'right' }) {
  const token = useMerchantToken();
  const { list, unread } = useMerchantNotifications(token);
  const markRead = useMarkMerchantNotificationRead();
  const markAll = useMarkAllMerchantNotificationsRead();
  const navigate = useNavigate();
  if (!token) return null;

  const follow = (n: TNotification) => {
    if (!n.read) markRead.mutate(n.id);
    const path = merchantPathOf(n.actionUrl);
    if (path) void navigate(path);
  };

  return (
    <NotificationBellView
      notifications={list.data}
      unread={unread}
      loading={list.isPending}
      onFollow={follow}
      onMarkAllRead={() => markAll.mutate()}
      align={align}
    />
  );
}
