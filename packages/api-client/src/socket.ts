/** Seed 001 §7 "Chat": the one socket client of both sites (customer and merchant). */
import { type NotificationEventPayloads, SERVER_EVENTS } from '@d3/shared/realtime/socket-events';
import { io, type Socket } from 'socket.io-client';

export type { Socket };

/** Seed 001 §7 "Chat" socket: same origin, websocket then polling, 10 s timeout, 5 attempts 1-5 s, forced new. */
export const SOCKET_OPTIONS = {
  path: '/socket.io',
  transports: ['websocket', 'polling'],
  timeout: 10_000,
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  forceNew: true,
} as const;

export const SOCKET_MESSAGES = {
  authFailed: 'Authentication failed - please log in again',
  gaveUp: 'Failed to connect after multiple attempts',
  noToken: 'No authentication token available',
  badToken: 'Invalid or expired authentication token',
} as const;

/** The codes the server puts on a refused handshake's connect_error (`err.data.code`). */
export const SOCKET_AUTH_CODES = ['SOCKET_AUTH_MISSING', 'SOCKET_AUTH_INVALID'] as const;

/** True when a connect_error is the server refusing the token (then: clear tokens, sign in again). */
export function isSocketAuthError(error: unknown): boolean {
  const data = (error as { data?: unknown } | null | undefined)?.data;
  const code = (data as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && (SOCKET_AUTH_CODES as readonly string[]).includes(code);
}

/**
 * A socket that carries the token in auth, the query and the Authorization header alike. When the
 * server ends the session (logout elsewhere, password change, token expiry: `session_ended`, issue 31)
 * `onSessionEnded` runs: the sites treat it as a 401 (clear the token, sign in again).
 */
export function connectSocket(
  token: string,
  { onSessionEnded }: { onSessionEnded?: () => void } = {},
): Socket {
  const socket = io({
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    auth: { token },
    query: { token },
    extraHeaders: { Authorization: `Bearer ${token}` },
  });
  if (onSessionEnded) socket.on(SERVER_EVENTS.sessionEnded, onSessionEnded);
  return socket;
}

/**
 * `session_ended` (issue 31) also reaches this tab's own socket when the tab itself changes the
 * session: signing out, or changing the password (the server ends every older token's sockets; this
 * tab gets a new token). Such a change runs inside `during`: while one is in flight, or once the
 * stored token is no longer the socket's, the event is not a lost session. Otherwise `onLost` runs
 * (the sites treat it as a 401: clear the token, sign in again).
 */
export function createSessionEndGuard(currentToken: () => string | null, onLost: () => void) {
  let changing = 0;
  return {
    /** The `onSessionEnded` of a socket opened with `token`. */
    handlerFor: (token: string) => () => {
      if (changing === 0 && currentToken() === token) onLost();
    },
    /** Runs a session change of this tab's own (the request and storing its outcome). */
    async during<T>(work: () => Promise<T>): Promise<T> {
      changing += 1;
      try {
        return await work();
      } finally {
        changing -= 1;
      }
    },
  };
}

/** What a bell does with each live notification event (issue 37: one subscription, both sites' bells). */
export interface NotificationHandlers {
  onNew?: (event: NotificationEventPayloads['new_notification']) => void;
  onCount?: (event: NotificationEventPayloads['notification_count_update']) => void;
  onRead?: (event: NotificationEventPayloads['notification_read']) => void;
  onServiceOffer?: (event: NotificationEventPayloads['service_offer_received']) => void;
}

/**
 * Listens to the notification events on `socket` with the handlers given (each payload typed from the
 * event map) and returns what stops listening. The customer bell and the merchant bell both use it.
 */
export function subscribeToNotifications(socket: Socket, handlers: NotificationHandlers): () => void {
  type Listener = (...args: unknown[]) => void;
  const listening: Array<[string, Listener]> = [];
  const add = (event: string, handler: ((event: never) => void) | undefined) => {
    if (handler) listening.push([event, handler as Listener]);
  };
  add(SERVER_EVENTS.newNotification, handlers.onNew);
  add(SERVER_EVENTS.notificationCountUpdate, handlers.onCount);
  add(SERVER_EVENTS.notificationRead, handlers.onRead);
  add(SERVER_EVENTS.serviceOfferReceived, handlers.onServiceOffer);
  for (const [event, handler] of listening) socket.on(event, handler);
  return () => {
    for (const [event, handler] of listening) socket.off(event, handler);
  };
}
