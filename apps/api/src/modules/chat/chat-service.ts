import type {
  TChatMessage,
  TCreateConversationRequest,
  TSendMessageRequest,
} from '@d3/shared/chat/chat-schemas';
import { AppError } from '../../errors/app-error.js';
import { conversationRoom, storeRoom, storeWatchRoom, userRoom } from '../../realtime/socket-server.js';
import { merchantStores, storeBasics } from '../stores/stores-service.js';
import type { ChatContext, ChatSession } from './chat-context.js';
import type { ConversationRow, MessageRow } from './chat-repository.js';
import * as repository from './chat-repository.js';
import { messagePreview } from './chat-repository.js';
import { conversationViews, messageView, senderNames, statusPayload } from './chat-views.js';

// Chat (issue 11): conversations between a customer and a store, their messages and statuses.
// The context is chat-context.ts, the answers' shapes chat-views.ts, photos chat-attachments.ts,
// unread counts, search and analytics chat-insights.ts.

// ---- access ------------------------------------------------------------------------------

/** The conversation when the caller is its customer or the merchant of its store (404 / 403 otherwise). */
export async function access(ctx: ChatContext, session: ChatSession, conversationId: string) {
  const conversation = await repository.findConversation(ctx.db, conversationId);
  if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
  const [store] = await storeBasics(ctx.db, [conversation.storeId]);
  if (!store) throw new AppError('CONVERSATION_NOT_FOUND');
  const allowed =
    session.role === 'customer' ? conversation.customerId === session.sub : store.merchantId === session.sub;
  if (!allowed) throw new AppError('CONVERSATION_FORBIDDEN');
  return { conversation, store };
}

// ---- conversations -----------------------------------------------------------------------

export async function customerConversations(ctx: ChatContext, customerId: string) {
  const rows = await repository.listConversations(ctx.db, { customerId }, 'customer');
  return conversationViews(ctx, rows);
}

export async function merchantConversations(ctx: ChatContext, merchantId: string, storeId?: string) {
  const stores = await merchantStores(ctx.db, merchantId);
  let storeIds = stores.map((s) => s.id);
  if (storeId) {
    if (!storeIds.includes(storeId)) throw new AppError('FORBIDDEN', 'You do not manage this store');
    storeIds = [storeId];
  }
  const rows = await repository.listConversations(ctx.db, { storeIds }, 'merchant');
  return conversationViews(ctx, rows);
}

export function sessionConversations(ctx: ChatContext, session: ChatSession) {
  return session.role === 'customer'
    ? customerConversations(ctx, session.sub)
    : merchantConversations(ctx, session.sub);
}

export async function createConversation(
  ctx: ChatContext,
  customerId: string,
  body: TCreateConversationRequest,
) {
  const [store] = await storeBasics(ctx.db, [body.storeId]);
  if (!store) throw new AppError('CHAT_STORE_NOT_FOUND');
  const { row, created } = await repository.upsertConversation(ctx.db, customerId, body.storeId);
  if (created) {
    ctx.realtime.joinUserSockets(customerId, storeWatchRoom(store.id));
    if (body.initialMessage) {
      await sendMessage(
        ctx,
        { sub: customerId, role: 'customer' },
        {
          conversationId: row.id,
          content: body.initialMessage,
          messageType: 'text',
          attachmentUrl: undefined,
        },
      );
    }
  }
  const fresh = (await repository.listConversations(ctx.db, { customerId }, 'customer')).filter(
    (r) => r.conversation.id === row.id,
  );
  const [conversation] = await conversationViews(ctx, fresh);
  if (created) ctx.realtime.emitToStore(store.id, 'new_conversation', conversation);
  return { conversationId: row.id, created, conversation: conversation! };
}

// ---- messages ----------------------------------------------------------------------------

export async function conversationMessages(
  ctx: ChatContext,
  session: ChatSession,
  conversationId: string,
  page: number,
  limit: number,
) {
  const { conversation, store } = await access(ctx, session, conversationId);
  const { rows, total } = await repository.messagePage(ctx.db, conversationId, page, limit);
  const names = await senderNames(ctx, conversation, store);
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    messages: rows.map((row) => messageView(ctx, row, names)),
    pagination: { page, limit, total, totalPages, hasNextPage: page < totalPages },
  };
}

export async function sendMessage(
  ctx: ChatContext,
  session: ChatSession,
  body: TSendMessageRequest,
): Promise<TChatMessage> {
  // The limit answers while the writer's batch reads its facts; the writer checks it first.
  const gate = ctx.limiter.hit(`${session.role}:${session.sub}`).then((retryAfter) => {
    if (retryAfter !== null) {
      throw new AppError('CHAT_SEND_RATE_LIMITED', undefined, undefined, {
        'retry-after': String(retryAfter),
      });
    }
  });
  // Access, attachment check and the insert run in the writer's group commit (message-writer.ts).
  const { row, conversation, store, names, duplicate } = await ctx.writer.write(session, body, gate);
  const message = messageView(ctx, row, names);
  // Its socket events again even for a resend (same client message id, the stored message): the
  // process that stored it may have died before announcing it (kill -9 between commit and emit).
  // Clients merge by id and sequence number; the notifications go once, with the first store.
  announce(ctx, conversation, store, message);
  if (duplicate) return message;
  const preview = messagePreview(row.messageType, row.content, 100);
  ctx.events.publish('chat.message_sent', {
    messageId: row.id,
    conversationId: conversation.id,
    storeId: conversation.storeId,
    senderId: session.sub,
    senderRole: session.role,
    recipientUserIds: [session.role === 'customer' ? store.merchantId : conversation.customerId],
    preview,
    at: row.createdAt,
  });
  return message;
}

/** Socket events of a new message (after the insert committed). */
function announce(
  ctx: ChatContext,
  conversation: ConversationRow,
  store: { id: string },
  message: TChatMessage,
) {
  const rt = ctx.realtime;
  const customerRoom = userRoom(conversation.customerId);
  const update = {
    conversationId: conversation.id,
    storeId: store.id,
    lastMessage: message.messageType === 'image' && !message.content ? 'Photo' : message.content,
    lastMessageTime: message.createdAt,
    message,
  };
  // One emit to the union of rooms: a socket in several of them receives new_message once.
  rt.emitToRooms(
    [conversationRoom(conversation.id), customerRoom, storeRoom(store.id)],
    'new_message',
    message,
  );
  if (message.sender === 'customer') {
    rt.emitToRooms([storeRoom(store.id)], 'new_customer_message', message);
    rt.emitToRooms([storeRoom(store.id)], 'merchant_chat_update', update);
  } else {
    rt.emitToRooms([customerRoom], 'new_merchant_message', message);
    rt.emitToRooms([customerRoom], 'new_store_to_customer_message', message);
    rt.emitToRooms([customerRoom], 'customer_chat_update', update);
  }
}

function statusRooms(_ctx: ChatContext, conversation: ConversationRow) {
  return [
    conversationRoom(conversation.id),
    userRoom(conversation.customerId),
    storeRoom(conversation.storeId),
  ];
}

export async function markRead(ctx: ChatContext, session: ChatSession, conversationId: string) {
  const { conversation } = await access(ctx, session, conversationId);
  const readAt = new Date();
  const changed = await repository.markConversationRead(ctx.db, conversationId, session.role, readAt);
  if (changed.length) {
    const rooms = statusRooms(ctx, conversation);
    const messageIds = changed.map((c) => c.id);
    ctx.realtime.emitToRooms(rooms, 'messages_read', {
      conversationId,
      messageIds,
      readerId: session.sub,
      readerRole: session.role,
      readAt: readAt.toISOString(),
    });
    for (const messageId of messageIds) {
      ctx.realtime.emitToRooms(rooms, 'message_status_update', {
        messageId,
        conversationId,
        status: 'read',
        readAt: readAt.toISOString(),
      });
    }
    // The reader's "New message from …" notifications of this conversation are read with it.
    ctx.events.publish('chat.conversation_read', {
      conversationId,
      readerId: session.sub,
      readerRole: session.role,
    });
  }
  return { conversationId, updated: changed.length, readAt: readAt.toISOString() };
}

/** The recipient moves a message to delivered or read (never back; the sender cannot). */
export async function updateStatus(
  ctx: ChatContext,
  session: ChatSession,
  messageId: string,
  status: 'delivered' | 'read',
) {
  const message = await repository.findMessage(ctx.db, messageId);
  if (!message) throw new AppError('MESSAGE_NOT_FOUND');
  const { conversation, store } = await access(ctx, session, message.conversationId);
  if (message.senderType === session.role) throw new AppError('MESSAGE_STATUS_FORBIDDEN');
  const [changed] = await repository.advanceStatus(ctx.db, [messageId], status, new Date());
  const current = changed ?? message;
  if (changed) emitStatus(ctx, conversation, changed);
  return messageView(ctx, current, await senderNames(ctx, conversation, store));
}

/**
 * Delivered acks from a recipient's socket: sent -> delivered for the messages the reader received, one statement for all of them. A
 * merchant's stores come with the socket (`storeIds`), else they are looked up.
 */
export async function markDelivered(
  ctx: ChatContext,
  session: ChatSession,
  messageIds: string[],
  storeIds?: string[],
) {
  const reader =
    session.role === 'customer'
      ? { role: session.role, customerId: session.sub }
      : {
          role: session.role,
          storeIds: storeIds ?? (await merchantStores(ctx.db, session.sub)).map((s) => s.id),
        };
  const changed = await repository.markDeliveredFor(ctx.db, reader, messageIds, new Date());
  for (const { message, customerId, storeId } of changed) {
    ctx.realtime.emitToRooms(
      [conversationRoom(message.conversationId), userRoom(customerId), storeRoom(storeId)],
      'message_status_update',
      statusPayload(message),
    );
  }
  return changed.map(({ message }) => message.id);
}

function emitStatus(ctx: ChatContext, conversation: ConversationRow, row: MessageRow) {
  ctx.realtime.emitToRooms(statusRooms(ctx, conversation), 'message_status_update', statusPayload(row));
}

/** Store ids whose merchant presence a customer watches (the stores of their conversations). */
export async function customerStoreIds(ctx: ChatContext, customerId: string) {
  const rows = await repository.listConversations(ctx.db, { customerId }, 'customer');
  return rows.map((r) => r.conversation.storeId);
}
