/* D3 Deals Web Push service worker (issue 11): shows each pushed notification and opens its
   actionUrl (same-site paths only) when clicked, focusing an open tab of the site if there is one. */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'D3 Deals', body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'D3 Deals';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.id || undefined,
      icon: '/favicon.svg',
      data: { actionUrl: data.actionUrl || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const raw = (event.notification.data && event.notification.data.actionUrl) || '/';
  const path = typeof raw === 'string' && raw.startsWith('/') && !raw.startsWith('//') ? raw : '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          return client.navigate(target).then((c) => (c || client).focus());
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
