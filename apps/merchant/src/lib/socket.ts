import { connectSocket, createSocketHub } from '@d3/api-client/socket';
import { merchantSessionEnd } from './api-client';

/**
 * The merchant's one socket, shared by the bell and the chat page (issue 37: `useRealtime` /
 * `useConversation` of @d3/ui hold it). It closes when its last holder lets go; a session the
 * server ends is handled as a 401 (clear the token, sign in again).
 */
export const merchantSocketHub = createSocketHub((token) =>
  connectSocket(token, { onSessionEnded: merchantSessionEnd.handlerFor(token) }),
);
