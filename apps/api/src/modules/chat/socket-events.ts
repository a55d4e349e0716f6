import { CLIENT_EVENTS } from '@d3/shared/realtime/socket-events';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { isUnavailable } from '../../plugins/error-handler.js';
import type { AppSocket, Realtime } from '../../realtime/socket-server.js';
import { conversationRoom, storeRoom, storeWatchRoom } from '../../realtime/socket-server.js';
import type { ChatContext } from './chat-context.js';
import { access, customerStoreIds, markDelivered, markRead, sendMessage } from './chat-service.js';

type Answer = (answer: object) => void;

function failure(error: unknown) {
  if (error instanceof AppError)
    return { success: false, code: error.code, message: error.message, errors: error.errors };
  // The database or Redis not answering (issue 35) is SERVICE_UNAVAILABLE, as over HTTP: the
  // client sends again (with the same client message id), it is not a failure of the server.
  if (isUnavailable(error)) {
    const unavailable = new AppError('SERVICE_UNAVAILABLE');
    return { success: false, code: unavailable.code, message: unavailable.message };
  }
  return { success: false, code: 'INTERNAL', message: 'Failed to send message' };
}

/**
 * Socket events of seed 001 §7 "Chat" (docs/realtime.md lists every payload). The realtime guard
 * has already checked the session, the budgets and the payload against the shared event map
 * (packages/shared/src/realtime/socket-events.ts); each handler checks that the caller belongs to
 * the conversation before anything reaches the room.
 */
export function registerChatSocketEvents(
  realtime: Realtime,
  chat: ChatContext,
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  realtime.onConnection(async (socket: AppSocket) => {
    const session = socket.data.session;
    if (session.role === 'customer') {
      // Customers watch the presence of their stores' merchants; those stores' merchants watch theirs.
      const storeIds = [...new Set(await customerStoreIds(chat, session.sub))];
      if (storeIds.length) await socket.join(storeIds.map(storeWatchRoom));
      socket.data.presenceAudience = storeIds.map(storeRoom);
    }

    const run = (ack: Answer, work: () => Promise<object>) => {
      work()
        .then((answer) => ack({ success: true, ...answer }))
        .catch((error: unknown) => {
          if (!(error instanceof AppError)) log.warn({ err: error }, 'chat socket event failed');
          ack(failure(error));
        });
    };

    realtime.onClientEvent(socket, 'join_conversation', (conversationId, ack) =>
      run(ack, async () => {
        await access(chat, session, conversationId);
        await socket.join(conversationRoom(conversationId));
        await realtime.setViewing(socket, conversationId, true);
        return { conversationId };
      }),
    );

    realtime.onClientEvent(socket, 'leave_conversation', (conversationId, ack) =>
      run(ack, async () => {
        await socket.leave(conversationRoom(conversationId));
        await realtime.setViewing(socket, conversationId, false);
        return { conversationId };
      }),
    );

    for (const event of [CLIENT_EVENTS.typingStart, CLIENT_EVENTS.typingStop] as const) {
      realtime.onClientEvent(socket, event, (conversationId) => {
        // Only sockets that joined the conversation (access checked then) may type into it.
        if (!socket.data.viewing.has(conversationId)) return;
        socket.to(conversationRoom(conversationId)).emit(event, {
          conversationId,
          userId: session.sub,
          role: session.role,
          isTyping: event === CLIENT_EVENTS.typingStart,
          at: new Date().toISOString(),
        });
      });
    }

    realtime.onClientEvent(socket, 'send_message', (message, ack) =>
      run(ack, async () => ({ data: await sendMessage(chat, session, message) })),
    );

    realtime.onClientEvent(socket, 'mark_read', (conversationId, ack) =>
      run(ack, async () => ({ data: await markRead(chat, session, conversationId) })),
    );

    // The recipient's client acknowledges what it received: sent -> delivered (one query a frame).
    realtime.onClientEvent(socket, 'message_delivered', (messageIds, ack) =>
      run(ack, async () => ({
        delivered: await markDelivered(chat, session, messageIds, socket.data.storeIds),
      })),
    );
  });
}
