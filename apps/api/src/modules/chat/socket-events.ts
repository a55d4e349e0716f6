import { ZSendMessageRequest } from '@d3/shared/chat/chat-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import type { AppSocket, Realtime } from '../../realtime/socket-server.js';
import { conversationRoom, storeRoom, storeWatchRoom } from '../../realtime/socket-server.js';
import type { ChatService } from './chat-service.js';

type Ack = (answer: unknown) => void;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function conversationIdOf(payload: unknown): string | null {
  const value =
    typeof payload === 'string' ? payload : (payload as { conversationId?: unknown } | null)?.conversationId;
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
}

function failure(error: unknown) {
  if (error instanceof AppError)
    return { success: false, code: error.code, message: error.message, errors: error.errors };
  return { success: false, code: 'INTERNAL', message: 'Failed to send message' };
}

/**
 * Socket events of seed 001 §7 "Chat" (docs/realtime.md lists every payload). Each handler checks
 * that the caller belongs to the conversation before anything reaches the room.
 */
export function registerChatSocketEvents(
  realtime: Realtime,
  chat: ChatService,
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  realtime.onConnection(async (socket: AppSocket) => {
    const session = socket.data.session;
    if (session.role === 'customer') {
      // Customers watch the presence of their stores' merchants; those stores' merchants watch theirs.
      const storeIds = [...new Set(await chat.customerStoreIds(session.sub))];
      if (storeIds.length) await socket.join(storeIds.map(storeWatchRoom));
      socket.data.presenceAudience = storeIds.map(storeRoom);
    }

    const run = (ack: unknown, work: () => Promise<unknown>) => {
      work()
        .then((answer) => {
          if (typeof ack === 'function') (ack as Ack)({ success: true, ...(answer as object) });
        })
        .catch((error: unknown) => {
          if (!(error instanceof AppError)) log.warn({ err: error }, 'chat socket event failed');
          if (typeof ack === 'function') (ack as Ack)(failure(error));
        });
    };

    socket.on('join_conversation', (payload: unknown, ack?: unknown) =>
      run(ack, async () => {
        const conversationId = conversationIdOf(payload);
        if (!conversationId) throw new AppError('VALIDATION_ERROR', 'Invalid conversation ID');
        await chat.access(session, conversationId);
        await socket.join(conversationRoom(conversationId));
        await realtime.setViewing(socket, conversationId, true);
        return { conversationId };
      }),
    );

    socket.on('leave_conversation', (payload: unknown, ack?: unknown) =>
      run(ack, async () => {
        const conversationId = conversationIdOf(payload);
        if (!conversationId) throw new AppError('VALIDATION_ERROR', 'Invalid conversation ID');
        await socket.leave(conversationRoom(conversationId));
        await realtime.setViewing(socket, conversationId, false);
        return { conversationId };
      }),
    );

    for (const event of ['typing_start', 'typing_stop'] as const) {
      socket.on(event, (payload: unknown) => {
        const conversationId = conversationIdOf(payload);
        // Only sockets that joined the conversation (access checked then) may type into it.
        if (!conversationId || !socket.data.viewing.has(conversationId)) return;
        socket.to(conversationRoom(conversationId)).emit(event, {
          conversationId,
          userId: session.sub,
          role: session.role,
          isTyping: event === 'typing_start',
          at: new Date().toISOString(),
        });
      });
    }

    socket.on('send_message', (payload: unknown, ack?: unknown) =>
      run(ack, async () => {
        const parsed = ZSendMessageRequest.safeParse(payload);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new AppError(
            'VALIDATION_ERROR',
            issue?.message,
            issue ? { [String(issue.path[0] ?? 'content')]: issue.message } : undefined,
          );
        }
        return { data: await chat.sendMessage(session, parsed.data) };
      }),
    );

    socket.on('mark_read', (payload: unknown, ack?: unknown) =>
      run(ack, async () => {
        const conversationId = conversationIdOf(payload);
        if (!conversationId) throw new AppError('VALIDATION_ERROR', 'Invalid conversation ID');
        return { data: await chat.markRead(session, conversationId) };
      }),
    );

    // The recipient's client acknowledges what it received: sent -> delivered.
    socket.on('message_delivered', (payload: unknown, ack?: unknown) =>
      run(ack, async () => {
        const raw = payload as { messageId?: unknown; messageIds?: unknown } | null;
        const ids = (Array.isArray(raw?.messageIds) ? raw.messageIds : [raw?.messageId]).filter(
          (id): id is string => typeof id === 'string' && UUID.test(id),
        );
        return { delivered: await chat.markDelivered(session, ids) };
      }),
    );
  });
}
