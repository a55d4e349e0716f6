/** Seed 001 §7 "Chat": the one socket client of both sites (customer and merchant). */
import {
  SERVER_EVENTS,
  type ServerEventName,
  type ServerEventPayload,
} from '@d3/shared/realtime/socket-events';
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

/**
 * A handshake the server refused because it could not check the token (its database did not
 * answer): not a bad token. Socket.IO never retries a refusal by itself, so the hub does.
 */
export const SOCKET_RETRY_CODES = ['SERVICE_UNAVAILABLE'] as const;

/** The code of a refused handshake's connect_error (`err.data.code`), if any. */
function handshakeCode(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | null | undefined)?.data;
  const code = (data as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when a connect_error is the server refusing the token (then: clear tokens, sign in again). */
export function isSocketAuthError(error: unknown): boolean {
  return (SOCKET_AUTH_CODES as readonly (string | undefined)[]).includes(handshakeCode(error));
}

/** True when a connect_error is a refusal to try again later (SOCKET_RETRY_CODES). */
export function isSocketRetryError(error: unknown): boolean {
  return (SOCKET_RETRY_CODES as readonly (string | undefined)[]).includes(handshakeCode(error));
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

/** Listeners of server events, each typed by the event map (`{ [SERVER_EVENTS.newMessage]: (message) => … }`). */
export type ServerEventHandlers = { [E in ServerEventName]?: (payload: ServerEventPayload<E>) => void };

/** The socket's own life: connected, dropped, refused (`connect_error`), or given up reconnecting. */
export interface SocketLifeHandlers {
  onConnect?: () => void;
  onDisconnect?: () => void;
  onConnectError?: (error: Error) => void;
  onGaveUp?: () => void;
}

/** One holder's place on the shared socket: the socket, and `leave()` (its listeners come off). */
export interface SocketMembership {
  socket: Socket;
  leave: () => void;
}

/**
 * A site's one socket per signed-in token, shared by every holder (the chat page, the bell): `join`
 * opens it on first use and adds the holder's listeners; `leave` takes them off again. The socket
 * closes when its last holder leaves — after `idleCloseMs`, so a page change (which leaves and joins
 * again at once) keeps it — or at once when another token joins (another user signed in).
 */
export interface SocketHub {
  join: (token: string, handlers: ServerEventHandlers & SocketLifeHandlers) => SocketMembership;
  /** Closes the socket and forgets it (tests, and a new socket factory). */
  reset: () => void;
}

type Listener = Parameters<Socket['on']>[1];
const LIFE_EVENTS = {
  onConnect: 'connect',
  onDisconnect: 'disconnect',
  onConnectError: 'connect_error',
} as const;

export function createSocketHub(
  connect: (token: string) => Socket,
  {
    idleCloseMs = 0,
    retry = {
      attempts: SOCKET_OPTIONS.reconnectionAttempts,
      delayMs: SOCKET_OPTIONS.reconnectionDelay,
      delayMaxMs: SOCKET_OPTIONS.reconnectionDelayMax,
    },
  }: {
    idleCloseMs?: number;
    /** The back-off of a handshake refused as "try again" (the seed's, unless a test shortens it). */
    retry?: { attempts: number; delayMs: number; delayMaxMs: number };
  } = {},
): SocketHub {
  type Entry = {
    token: string;
    socket: Socket;
    users: number;
    closeTimer?: ReturnType<typeof setTimeout>;
    retryTimer?: ReturnType<typeof setTimeout>;
    gaveUp: Set<() => void>;
  };
  let shared: Entry | null = null;

  const close = (entry: Entry) => {
    clearTimeout(entry.closeTimer);
    clearTimeout(entry.retryTimer);
    if (shared === entry) shared = null;
    entry.socket.close();
  };

  /**
   * Opens the token's socket. A handshake refused as "try again" (SOCKET_RETRY_CODES) is tried
   * again with the seed's back-off (1 s, 2 s, … up to 5 s, 5 attempts), then the holders are told
   * it gave up, as when the network is gone. The auth refusals are never retried.
   */
  const open = (token: string): Entry => {
    const entry: Entry = { token, socket: connect(token), users: 0, gaveUp: new Set() };
    let attempts = 0;
    entry.socket.on('connect', () => {
      attempts = 0;
    });
    entry.socket.on('connect_error', (error) => {
      if (entry.socket.active || !isSocketRetryError(error) || shared !== entry) return;
      if (attempts >= retry.attempts) {
        for (const onGaveUp of entry.gaveUp) onGaveUp();
        return;
      }
      attempts += 1;
      const delay = Math.min(retry.delayMs * 2 ** (attempts - 1), retry.delayMaxMs);
      clearTimeout(entry.retryTimer);
      entry.retryTimer = setTimeout(() => {
        if (shared === entry && !entry.socket.connected) entry.socket.connect();
      }, delay);
    });
    return entry;
  };

  /** True when the socket closed now (its listeners go with it). */
  const release = (entry: Entry): boolean => {
    if (shared !== entry) return true;
    entry.users = Math.max(0, entry.users - 1);
    if (entry.users > 0) return false;
    if (idleCloseMs <= 0) {
      close(entry);
      return true;
    }
    entry.closeTimer = setTimeout(() => {
      if (shared === entry && entry.users === 0) close(entry);
    }, idleCloseMs);
    return false;
  };

  return {
    join(token, handlers) {
      if (shared && shared.token !== token) close(shared);
      shared ??= open(token);
      const entry = shared;
      clearTimeout(entry.closeTimer);
      entry.closeTimer = undefined;
      entry.users += 1;
      const { socket } = entry;
      const listening: Array<[string, Listener]> = [];
      for (const [key, handler] of Object.entries(handlers) as Array<[string, Listener | undefined]>) {
        if (!handler || key === 'onGaveUp') continue;
        const event = LIFE_EVENTS[key as keyof typeof LIFE_EVENTS] ?? key;
        socket.on(event, handler);
        listening.push([event, handler]);
      }
      const onGaveUp = handlers.onGaveUp;
      if (onGaveUp) {
        socket.io.on('reconnect_failed', onGaveUp);
        entry.gaveUp.add(onGaveUp);
      }
      let left = false;
      return {
        socket,
        leave() {
          if (left) return;
          left = true;
          if (release(entry)) return;
          for (const [event, handler] of listening) socket.off(event, handler);
          if (onGaveUp) {
            socket.io.off('reconnect_failed', onGaveUp);
            entry.gaveUp.delete(onGaveUp);
          }
        },
      };
    },
    reset() {
      if (shared) close(shared);
    },
  };
}
