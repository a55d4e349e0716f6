import { connectSocket, createSessionEndGuard, createSocketHub } from '@d3/api-client/socket';
import type { Socket } from 'socket.io-client';
import { sessionEnded } from './api-client';
import { getToken } from './auth-token';

/** The socket helper is shared with the merchant site (packages/api-client/src/socket.ts). */
export {
  isSocketAuthError,
  SOCKET_MESSAGES,
  SOCKET_OPTIONS,
} from '@d3/api-client/socket';

export type SocketFactory = (token: string) => Socket;

const sessionEnd = createSessionEndGuard(getToken, sessionEnded);

/**
 * A session change of this tab's own (sign out, password change): its socket's `session_ended` is
 * expected then, not a lost session (packages/api-client/src/socket.ts).
 */
export const duringSessionChange = sessionEnd.during;

/** The site's sockets: a session the server ends is handled as a 401 (clear the token, sign in). */
const connectSiteSocket: SocketFactory = (token) =>
  connectSocket(token, { onSessionEnded: sessionEnd.handlerFor(token) });

let factory: SocketFactory = connectSiteSocket;

/** How long a socket nobody holds stays open (a page change releases and acquires again at once). */
const IDLE_CLOSE_MS = 1000;

/**
 * The tab's one socket for a token, shared by the chat page and the bell (issue 37: `useRealtime` /
 * `useConversation` of @d3/ui hold it); it closes shortly after its last holder lets go, or at once
 * when another token asks (a different user signed in).
 */
export const socketHub = createSocketHub((token) => factory(token), { idleCloseMs: IDLE_CLOSE_MS });

/** Tests put a fake socket (an emitter) in place of socket.io-client; no argument restores it. */
export function setSocketFactory(next?: SocketFactory): void {
  socketHub.reset();
  factory = next ?? connectSiteSocket;
}
