/** Seed 001 §7 "Chat": the one socket client of both sites (customer and merchant). */
import { SERVER_EVENTS } from '@d3/shared/realtime/socket-events';
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
