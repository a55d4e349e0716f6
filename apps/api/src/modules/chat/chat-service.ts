import { randomUUID } from 'node:crypto';
import type {
  TChatMessage,
  TConversation,
  TCreateConversationRequest,
  TSendMessageRequest,
} from '@d3/shared/chat/chat-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { NotAnImageError, reencodeImage } from '../../adapters/images/image-resizer.js';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus } from '../../events/event-bus.js';
import type { Realtime } from '../../realtime/socket-server.js';
import { conversationRoom, storeRoom, storeWatchRoom, userRoom } from '../../realtime/socket-server.js';
import { customerNames } from '../accounts/accounts-service.js';
import { merchantStores, storeBasics, storesByIds } from '../stores/stores-service.js';
import type { ConversationRow, MessageRow, Role } from './chat-repository.js';
import * as repository from './chat-repository.js';
import { messagePreview } from './chat-repository.js';
import { CONTENT_TYPES } from './image-type.js';
import { MessageWriter } from './message-writer.js';
import type { SendLimiter } from './send-limiter.js';

export interface ChatSession {
  sub: string;
  role: Role;
}

export interface ChatDependencies {
  db: Db;
  realtime: Realtime;
  events: EventBus;
  limiter: SendLimiter;
  storage: FileStorage;
  imageMaxBytes: number;
  /** Uploads one sender may have waiting, never attached to a message (issue 31 finding 9). */
  pendingUploadsMax?: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** A chat photo's longer side is at most this many pixels once stored. */
export const CHAT_IMAGE_MAX_SIDE = 1600;
/** Uploads never attached are deleted this long after upload. */
export const CHAT_UPLOAD_TTL_MS = 24 * 60 * 60_000;

interface StoreInfo {
  id: string;
  merchantId: string;
  name: string;
  logo: string | null;
  category: string;
}

const PERIOD_MS = { '24h': 1, '7d': 7, '30d': 30, '90d': 90 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const other = (role: Role): Role => (role === 'customer' ? 'merchant' : 'customer');

/** What the chat use cases work with: the dependencies and the message writer (group commit) built on them. */
export interface ChatContext extends ChatDependencies {
  writer: MessageWriter;
}

/** Built once per app (chat-setup.ts). */
export function createChatContext(deps: ChatDependencies): ChatContext {
  return { ...deps, writer: new MessageWriter(deps.db) };
}

// Chat (issue 11): conversations between a customer and a store, their messages and statuses.
// ---- views -------------------------------------------------------------------------------

async function storeInfos(ctx: ChatContext, ids: string[]): Promise<Map<string, StoreInfo>> {
  const stores = await storesByIds(ctx.db, [...new Set(ids)]);
  return new Map(
    stores.map((s) => [
      s.id,
      { id: s.id, merchantId: s.merchantId, name: s.name, logo: s.logo_url, category: s.category },
    ]),
  );
}

async function customerNameOf(ctx: ChatContext, ids: string[]) {
  const names = await customerNames(ctx.db, ids);
  return (id: string) => {
    const name = names.get(id);
    if (!name || name.deleted) return 'Customer';
    return `${name.firstName} ${name.lastName}`.trim() || 'Customer';
  };
}

async function conversationViews(
  ctx: ChatContext,
  rows: Array<{ conversation: ConversationRow; unreadCount: number }>,
): Promise<TConversation[]> {
  const stores = await storeInfos(
    ctx,
    rows.map((r) => r.conversation.storeId),
  );
  const nameOf = await customerNameOf(
    ctx,
    rows.map((r) => r.conversation.customerId),
  );
  return Promise.all(
    rows.map(async ({ conversation, unreadCount }) => {
      const store = stores.get(conversation.storeId);
      const [storeOnline, customerOnline] = await Promise.all([
        store ? ctx.realtime.isUserOnline(store.merchantId) : false,
        ctx.realtime.isUserOnline(conversation.customerId),
      ]);
      const logo = store?.logo ?? null;
      return {
        id: conversation.id,
        storeId: conversation.storeId,
        customerId: conversation.customerId,
        store: {
          id: conversation.storeId,
          name: store?.name ?? 'Store',
          avatar: logo,
          logo_url: logo,
          category: store?.category ?? '',
          online: storeOnline,
        },
        customer: {
          id: conversation.customerId,
          name: nameOf(conversation.customerId),
          customerSince: conversation.createdAt.toISOString(),
          priority: unreadCount >= 5 ? ('high' as const) : ('normal' as const),
          online: customerOnline,
        },
        lastMessage: conversation.lastMessagePreview,
        lastMessageTime: iso(conversation.lastMessageAt),
        unreadCount: Number(unreadCount),
        createdAt: conversation.createdAt.toISOString(),
      };
    }),
  );
}

function messageView(
  _ctx: ChatContext,
  row: MessageRow,
  names: { customer: string; store: string },
): TChatMessage {
  const role = row.senderType;
  return {
    id: row.id,
    conversationId: row.conversationId,
    content: row.content,
    text: row.content,
    messageType: row.messageType,
    attachmentUrl: row.attachmentUrl,
    status: row.status,
    sender: role,
    sender_type: role,
    recipient_type: other(role),
    senderId: row.senderId,
    senderInfo: { id: row.senderId, name: role === 'customer' ? names.customer : names.store, role },
    timestamp: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
  };
}

async function senderNames(ctx: ChatContext, conversation: ConversationRow, store: { name: string }) {
  const nameOf = await customerNameOf(ctx, [conversation.customerId]);
  return { customer: nameOf(conversation.customerId), store: store.name };
}

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
  const { row, conversation, store, names } = await ctx.writer.write(session, body, gate);
  const message = messageView(ctx, row, names);
  announce(ctx, conversation, store, message);
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

export async function unreadCounts(ctx: ChatContext, session: ChatSession) {
  const conversations = await sessionRows(ctx, session);
  const items = conversations.map((r) => ({
    conversationId: r.conversation.id,
    unreadCount: Number(r.unreadCount),
  }));
  return { total: items.reduce((sum, i) => sum + i.unreadCount, 0), conversations: items };
}

async function sessionRows(ctx: ChatContext, session: ChatSession) {
  if (session.role === 'customer') {
    return repository.listConversations(ctx.db, { customerId: session.sub }, 'customer');
  }
  const storeIds = (await merchantStores(ctx.db, session.sub)).map((s) => s.id);
  return repository.listConversations(ctx.db, { storeIds }, 'merchant');
}

export async function searchChats(
  ctx: ChatContext,
  session: ChatSession,
  query: string,
  type: 'all' | 'conversations' | 'messages',
) {
  const conversations = await sessionConversations(ctx, session);
  const needle = query.toLocaleLowerCase();
  const matchingConversations =
    type === 'messages'
      ? []
      : conversations.filter((c) =>
          (session.role === 'customer' ? c.store.name : c.customer.name).toLocaleLowerCase().includes(needle),
        );
  let messages: TChatMessage[] = [];
  if (type !== 'conversations') {
    const byId = new Map(conversations.map((c) => [c.id, c]));
    const rows = await repository.searchMessages(ctx.db, [...byId.keys()], query, 50);
    messages = rows.map((row) => {
      const c = byId.get(row.conversationId)!;
      return messageView(ctx, row, { customer: c.customer.name, store: c.store.name });
    });
  }
  return { conversations: matchingConversations, messages };
}

export async function analytics(ctx: ChatContext, session: ChatSession, period: keyof typeof PERIOD_MS) {
  const to = new Date();
  const from = new Date(to.getTime() - PERIOD_MS[period] * DAY_MS);
  const rows = await sessionRows(ctx, session);
  const ids = rows.map((r) => r.conversation.id);
  const [counts, averageResponseMinutes] = await Promise.all([
    repository.analytics(ctx.db, ids, session.role, from),
    repository.averageResponseMinutes(ctx.db, ids, session.role, from),
  ]);
  return {
    period,
    from: from.toISOString(),
    to: to.toISOString(),
    conversations: ids.length,
    newConversations: counts.newConversations,
    messagesSent: counts.sent,
    messagesReceived: counts.received,
    unreadMessages: counts.unread,
    averageResponseMinutes,
  };
}

/**
 * Stores a chat photo (issue 31 finding 9): re-encoded as WebP with its metadata (EXIF GPS) dropped
 * and anything after the picture gone; recorded as the sender's upload, which only they can
 * attach. A sender with `pendingUploadsMax` uploads waiting (never attached) gets 429.
 */
export async function saveAttachment(ctx: ChatContext, uploader: ChatSession, bytes: Buffer) {
  if (bytes.length > ctx.imageMaxBytes) {
    const mb = Math.round((ctx.imageMaxBytes / (1024 * 1024)) * 10) / 10;
    throw new AppError('ATTACHMENT_TOO_LARGE', `Image is too large (max ${mb} MB)`);
  }
  const pending = await repository.countPendingUploads(ctx.db, uploader.sub);
  if (pending >= (ctx.pendingUploadsMax ?? 20)) throw new AppError('CHAT_UPLOADS_PENDING_LIMIT');
  let image: Awaited<ReturnType<typeof reencodeImage>>;
  try {
    image = await reencodeImage(bytes, CHAT_IMAGE_MAX_SIDE);
  } catch (error) {
    if (!(error instanceof NotAnImageError)) throw error;
    throw new AppError('ATTACHMENT_NOT_IMAGE', undefined, { file: 'Attached files must be images' });
  }
  const name = `${randomUUID()}.webp`;
  await ctx.storage.put(`chat/${name}`, image.bytes);
  await repository.insertUpload(ctx.db, name, uploader);
  return { url: `/media/chat/${name}`, contentType: 'image/webp', size: image.bytes.length };
}

/** Deletes the uploads nobody attached within a day, rows and files (any process may run it: each row goes once). */
export async function purgeStaleUploads(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  const names = await repository.deleteStaleUploads(db, new Date(now.getTime() - CHAT_UPLOAD_TTL_MS));
  for (const name of names) await storage.delete(`chat/${name}`);
  return names.length;
}

/** Store ids whose merchant presence a customer watches (the stores of their conversations). */
export async function customerStoreIds(ctx: ChatContext, customerId: string) {
  const rows = await repository.listConversations(ctx.db, { customerId }, 'customer');
  return rows.map((r) => r.conversation.storeId);
}

/** A stored chat image by its served name (<uuid>.<ext>), or null. */
export async function readChatAttachment(storage: FileStorage, name: string) {
  const match = /^([0-9a-f-]{36})\.(jpg|png|gif|webp)$/.exec(name);
  if (!match) return null;
  const bytes = await storage.get(`chat/${name}`);
  if (!bytes) return null;
  return { bytes, contentType: CONTENT_TYPES[match[2] as keyof typeof CONTENT_TYPES] };
}

/** `message_status_update`'s payload. */
function statusPayload(row: MessageRow) {
  return {
    messageId: row.id,
    conversationId: row.conversationId,
    status: row.status,
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
  };
}
