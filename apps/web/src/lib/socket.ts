import { io, type Socket } from 'socket.io-client';

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

/** A socket that carries the token in auth, the query and the Authorization header alike. */
export function connectSocket(token: string): Socket {
  return io({
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    auth: { token },
    query: { token },
    extraHeaders: { Authorization: `Bearer ${token}` },
  });
}

export type SocketFactory = (token: string) => Socket;

let factory: SocketFactory = connectSocket;
let shared: {
  token: string;
  socket: Socket;
  users: number;
  closeTimer?: ReturnType<typeof setTimeout>;
} | null = null;

/** How long a socket nobody holds stays open (a page change releases and acquires again at once). */
const IDLE_CLOSE_MS = 1000;

/**
 * The tab's one socket for a token, shared by the chat page and the bell. Each acquire is paired
 * with a release; the socket closes shortly after its last holder lets go, or at once when another
 * token asks (a different user signed in).
 */
export function acquireSocket(token: string): Socket {
  if (shared && shared.token !== token) {
    clearTimeout(shared.closeTimer);
    shared.socket.close();
    shared = null;
  }
  if (!shared) shared = { token, socket: factory(token), users: 0 };
  clearTimeout(shared.closeTimer);
  shared.closeTimer = undefined;
  shared.users += 1;
  return shared.socket;
}

export function releaseSocket(socket: Socket): void {
  const holder = shared;
  if (!holder || holder.socket !== socket) return;
  holder.users = Math.max(0, holder.users - 1);
  if (holder.users > 0) return;
  holder.closeTimer = setTimeout(() => {
    if (shared !== holder || holder.users > 0) return;
    shared = null;
    holder.socket.close();
  }, IDLE_CLOSE_MS);
}

/** Tests put a fake socket (an emitter) in place of socket.io-client; no argument restores it. */
export function setSocketFactory(next?: SocketFactory): void {
  if (shared) {
    clearTimeout(shared.closeTimer);
    shared.socket.close();
    shared = null;
  }
  factory = next ?? connectSocket;
}
