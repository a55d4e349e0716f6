/**
 * Web Push in the site's one service worker (issue 11; merged into sw.ts by issue 32): shows each
 * pushed notification and opens its actionUrl (same-site paths only) when clicked, focusing an open
 * tab of the site if there is one.
 */

/** What of the worker's global scope these handlers use (a test passes its own). */
export interface TPushScope {
  location: { origin: string };
  addEventListener(type: 'push' | 'notificationclick', listener: (event: never) => void): void;
  registration: {
    showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly TWindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

interface TWindowClient {
  url: string;
  navigate(url: string): Promise<TWindowClient | null>;
  focus(): Promise<unknown>;
}

interface TPushEvent {
  data: { json(): unknown; text(): string } | null;
  waitUntil(promise: Promise<unknown>): void;
}

interface TClickEvent {
  notification: { close(): void; data?: { actionUrl?: unknown } };
  waitUntil(promise: Promise<unknown>): void;
}

export function listenForPushes(scope: TPushScope): void {
  scope.addEventListener('push', (event: TPushEvent) => {
    let data: { title?: string; body?: string; id?: string; actionUrl?: string } = {};
    try {
      data = (event.data ? event.data.json() : {}) as typeof data;
    } catch {
      data = { title: 'D3 Deals', body: event.data ? event.data.text() : '' };
    }
    const title = data.title || 'D3 Deals';
    event.waitUntil(
      scope.registration.showNotification(title, {
        body: data.body || '',
        tag: data.id || undefined,
        icon: '/icons/icon-192.png',
        badge: '/favicon.svg',
        data: { actionUrl: data.actionUrl || '/' },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event: TClickEvent) => {
    event.notification.close();
    const raw = event.notification.data?.actionUrl || '/';
    const path = typeof raw === 'string' && raw.startsWith('/') && !raw.startsWith('//') ? raw : '/';
    const target = new URL(path, scope.location.origin).href;
    event.waitUntil(
      scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
        for (const client of clients) {
          if (new URL(client.url).origin === scope.location.origin) {
            return client.navigate(target).then((opened) => (opened || client).focus());
          }
        }
        return scope.clients.openWindow(target);
      }),
    );
  });
}
