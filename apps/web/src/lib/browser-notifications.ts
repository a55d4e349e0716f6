import { notificationsRoutes } from '@d3/shared/api/routes';
import { BROWSER_NOTIFICATION_CLOSE_MS } from '@d3/shared/notifications/notification-schemas';
import { call } from './api-client';
import { registerServiceWorker } from './service-worker';

export function browserNotificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** Shows a system notification for a new one, closed after 5 s (only once permission was granted). */
export function showBrowserNotification(title: string, body: string): void {
  if (!browserNotificationsSupported() || Notification.permission !== 'granted') return;
  const shown = new Notification(title, { body, icon: '/icons/icon-192.png' });
  setTimeout(() => shown.close(), BROWSER_NOTIFICATION_CLOSE_MS);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Called from a click only (browsers ignore permission prompts without a user gesture): asks for
 * permission, then registers the service worker and sends its subscription to the API.
 */
export async function enableBrowserNotifications(): Promise<NotificationPermission> {
  if (!browserNotificationsSupported()) return 'denied';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted' || !('serviceWorker' in navigator) || !('PushManager' in window))
    return permission;
  try {
    const { publicKey } = await call(notificationsRoutes.pushKey);
    // The site's one worker (issue 32) carries push too.
    await registerServiceWorker();
    const registration = await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }));
    await call(notificationsRoutes.subscribePush, {
      body: { subscription: subscription.toJSON() as never },
    });
  } catch {
    // Push is a bonus: in-tab notifications still work without it.
  }
  return permission;
}
