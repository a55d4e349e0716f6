import { connectSocket } from '@d3/api-client/socket';
import type { Socket } from 'socket.io-client';
import { sessionEnded } from './api-client';

/** The socket helper is shared with the merchant site (packages/api-client/src/socket.ts). */
export {
  isSocketAuthError,
  SOCKET_MESSAGES,
  SOCKET_OPTIONS,
} from '@d3/api-client/socket';

export type SocketFactory = (token: string) => Socket;

/** The site's sockets: a session the server ends is handled as a 401 (clear the token, sign in). */
const connectSiteSocket: SocketFactory = (token) => connectSocket(token, { onSessionEnded: sessionEnded });

let factory: SocketFactory = connectSiteSocket;
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
  factory = next ?? connectSiteSocket;
}
