import { describe, expect, it, vi } from 'vitest';
import { listenForPushes, type TPushScope } from './push-handlers';

/**
 * Web Push in the site's service worker (issue 11; sw.ts since issue 32) as the browser runs it: a
 * worker-like global scope (`self`), the push and notificationclick events, the registration and clients.
 */
const ORIGIN = 'https://d3deals.co.ke';

type Listener = (event: Record<string, unknown>) => void;

function worker(
  openClients: { url: string; navigate: ReturnType<typeof vi.fn>; focus: ReturnType<typeof vi.fn> }[] = [],
) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (name: string, listener: Listener) => listeners.set(name, listener),
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => openClients), openWindow },
  };
  listenForPushes(self as unknown as TPushScope);
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (name: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(name)?.({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { dispatch, showNotification, openWindow };
}

const pushed = (payload: unknown) => ({ data: { json: () => payload, text: () => String(payload) } });

describe('push service worker', () => {
  it('shows the pushed notification with its title, body and actionUrl', async () => {
    const sw = worker();
    await sw.dispatch(
      'push',
      pushed({
        id: 'n1',
        title: 'Booking Confirmed',
        body: 'Glow Spa, 5 Mar at 10:30',
        actionUrl: '/booking-details/b1',
      }),
    );
    expect(sw.showNotification).toHaveBeenCalledWith('Booking Confirmed', {
      body: 'Glow Spa, 5 Mar at 10:30',
      tag: 'n1',
      icon: '/icons/icon-192.png',
      badge: '/favicon.svg',
      data: { actionUrl: '/booking-details/b1' },
    });
  });

  it('a push that is not JSON still shows, as D3 Deals with its text', async () => {
    const sw = worker();
    await sw.dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not json');
        },
        text: () => 'Your booking is tomorrow',
      },
    });
    expect(sw.showNotification).toHaveBeenCalledWith(
      'D3 Deals',
      expect.objectContaining({ body: 'Your booking is tomorrow', data: { actionUrl: '/' } }),
    );
  });

  it('a click opens the actionUrl in a new window, or in an open tab of the site, which it focuses', async () => {
    const close = vi.fn();
    const fresh = worker();
    await fresh.dispatch('notificationclick', {
      notification: { close, data: { actionUrl: '/chat/Store/s1' } },
    });
    expect(close).toHaveBeenCalled();
    expect(fresh.openWindow).toHaveBeenCalledWith(`${ORIGIN}/chat/Store/s1`);

    const focus = vi.fn(async () => undefined);
    const tab = { url: `${ORIGIN}/hotdeals`, focus, navigate: vi.fn(async () => ({ focus })) };
    const other = { url: 'https://example.com/', focus: vi.fn(), navigate: vi.fn() };
    const open = worker([other, tab]);
    await open.dispatch('notificationclick', {
      notification: { close, data: { actionUrl: '/booking-details/b1' } },
    });
    expect(tab.navigate).toHaveBeenCalledWith(`${ORIGIN}/booking-details/b1`);
    expect(focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(open.openWindow).not.toHaveBeenCalled();
  });

  it('never follows an address off the site: another origin or a //host opens the home page', async () => {
    for (const actionUrl of ['https://evil.example/phish', '//evil.example/x', 'javascript:alert(1)']) {
      const sw = worker();
      await sw.dispatch('notificationclick', { notification: { close: vi.fn(), data: { actionUrl } } });
      expect(sw.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
    }
  });
});
