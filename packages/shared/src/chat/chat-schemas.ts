import { z } from 'zod';
import { ZPagination } from '../api/envelope-schemas.js';
import { NAIROBI_TIME_ZONE } from '../time/relative-time.js';

/** Seed 001 §9 "Chat". */
export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_PAGE_SIZE = 50;
export const CHAT_TYPING_STOP_MS = 2000;
export const CHAT_ANALYTICS_PERIODS = ['24h', '7d', '30d', '90d'] as const;

export const CHAT_MESSAGES = {
  contentRequired: 'Message content is required',
  contentEmpty: 'Message cannot be empty',
  contentTooLong: `Message too long (max ${CHAT_MESSAGE_MAX} characters)`,
  invalidStoreId: 'Invalid store ID',
  invalidConversationId: 'Invalid conversation ID',
  invalidMessageId: 'Invalid message ID',
  imageRequired: 'Attached files must be images',
  attachmentRequired: 'An image message needs an attachment',
  invalidAttachment: 'Invalid attachment',
  invalidStatus: 'Status must be delivered or read',
  invalidPeriod: `Period must be one of ${CHAT_ANALYTICS_PERIODS.join(', ')}`,
  queryRequired: 'Search query is required',
  invalidClientMessageId: 'Invalid client message ID',
} as const;

/**
 * A message's own id, made by the sending client (issue 35): a resend with it (a retry, a
 * reconnect, the offline outbox) answers the message already stored instead of storing it twice.
 * A UUID in practice; letters, digits and `._:-`, at most 64.
 */
const CLIENT_MESSAGE_ID = /^[\w.:-]{1,64}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The rules of seed 001 §5 "Chat message" on one value (missing, not a string, blank, too long). */
export function chatContentError(value: unknown): string | null {
  if (typeof value !== 'string') return CHAT_MESSAGES.contentRequired;
  const trimmed = value.trim();
  if (!trimmed) return CHAT_MESSAGES.contentEmpty;
  if (trimmed.length > CHAT_MESSAGE_MAX) return CHAT_MESSAGES.contentTooLong;
  return null;
}

const uuidOf = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(UUID, { message })
    .transform((v) => v.toLowerCase());

/** Where uploaded chat images are served: /media/chat/<uuid>.<ext>. */
export const CHAT_ATTACHMENT_URL = /^\/media\/chat\/[0-9a-f-]{36}\.(jpg|png|gif|webp)$/;

export const ZCreateConversationRequest = z.object({
  storeId: uuidOf(CHAT_MESSAGES.invalidStoreId),
  initialMessage: z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
        return undefined;
      }
      const error = chatContentError(value);
      if (error) {
        ctx.addIssue({ code: 'custom', message: error });
        return z.NEVER;
      }
      return (value as string).trim();
    }),
});
export type TCreateConversationRequest = z.infer<typeof ZCreateConversationRequest>;

/** POST /chat/messages (and the send_message socket event). An image message may have no caption. */
export const ZSendMessageRequest = z
  .object({
    conversationId: uuidOf(CHAT_MESSAGES.invalidConversationId),
    content: z.unknown().optional(),
    messageType: z.enum(['text', 'image'], { error: 'Message type must be text or image' }).default('text'),
    attachmentUrl: z
      .string({ error: CHAT_MESSAGES.invalidAttachment })
      .regex(CHAT_ATTACHMENT_URL, { message: CHAT_MESSAGES.invalidAttachment })
      .optional(),
    clientMessageId: z
      .string({ error: CHAT_MESSAGES.invalidClientMessageId })
      .regex(CLIENT_MESSAGE_ID, { message: CHAT_MESSAGES.invalidClientMessageId })
      .optional(),
  })
  .transform((body, ctx) => {
    if (body.messageType === 'image') {
      if (!body.attachmentUrl) {
        ctx.addIssue({ code: 'custom', path: ['attachmentUrl'], message: CHAT_MESSAGES.attachmentRequired });
        return z.NEVER;
      }
      const caption = typeof body.content === 'string' ? body.content.trim() : '';
      if (caption.length > CHAT_MESSAGE_MAX) {
        ctx.addIssue({ code: 'custom', path: ['content'], message: CHAT_MESSAGES.contentTooLong });
        return z.NEVER;
      }
      return { ...body, content: caption, attachmentUrl: body.attachmentUrl };
    }
    const error = chatContentError(body.content);
    if (error) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: error });
      return z.NEVER;
    }
    return { ...body, content: (body.content as string).trim(), attachmentUrl: undefined };
  });
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;

export const ZConversationIdParams = z.object({ id: uuidOf(CHAT_MESSAGES.invalidConversationId) });
export const ZMessageIdParams = z.object({ id: uuidOf(CHAT_MESSAGES.invalidMessageId) });

export const ZMessagesQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be at least 1').max(10_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit must be at most 100')
    .default(CHAT_PAGE_SIZE),
});

export const ZMessageStatusRequest = z.object({
  status: z.enum(['delivered', 'read'], { error: CHAT_MESSAGES.invalidStatus }),
});

export const ZChatSearchQuery = z.object({
  query: z
    .string({ error: CHAT_MESSAGES.queryRequired })
    .trim()
    .min(1, CHAT_MESSAGES.queryRequired)
    .max(100, 'Search query is too long'),
  type: z
    .enum(['all', 'conversations', 'messages'], { error: 'Type must be all, conversations or messages' })
    .default('all'),
});

export const ZChatAnalyticsQuery = z.object({
  period: z.enum(CHAT_ANALYTICS_PERIODS, { error: CHAT_MESSAGES.invalidPeriod }).default('7d'),
});

export const ZMerchantConversationsQuery = z.object({
  storeId: uuidOf(CHAT_MESSAGES.invalidStoreId).optional(),
});

// --- responses ---------------------------------------------------------------------------------

export const ZMessageStatus = z.enum(['sent', 'delivered', 'read']);
export type TMessageStatus = z.infer<typeof ZMessageStatus>;

export const ZChatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  content: z.string(),
  text: z.string(),
  messageType: z.enum(['text', 'image']),
  attachmentUrl: z.string().nullable(),
  status: ZMessageStatus,
  sender: z.enum(['customer', 'merchant']),
  sender_type: z.enum(['customer', 'merchant']),
  recipient_type: z.enum(['customer', 'merchant']),
  senderId: z.string(),
  senderInfo: z.object({ id: z.string(), name: z.string(), role: z.enum(['customer', 'merchant']) }),
  timestamp: z.string(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  /** The message's number in its conversation: 1, 2, 3 … with no gap (issue 35). */
  seq: z.number().int(),
  /** The sender's own id of the message, when its client gave one (issue 35). */
  clientMessageId: z.string().nullable(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZConversation = z.object({
  id: z.string(),
  storeId: z.string(),
  customerId: z.string(),
  store: z.object({
    id: z.string(),
    name: z.string(),
    avatar: z.string().nullable(),
    logo_url: z.string().nullable(),
    category: z.string(),
    online: z.boolean(),
  }),
  customer: z.object({
    id: z.string(),
    name: z.string(),
    customerSince: z.string(),
    priority: z.enum(['normal', 'high']),
    online: z.boolean(),
  }),
  lastMessage: z.string().nullable(),
  lastMessageTime: z.string().nullable(),
  unreadCount: z.number().int(),
  createdAt: z.string(),
});
export type TConversation = z.infer<typeof ZConversation>;

export const ZConversationListResponse = z.object({
  success: z.literal(true),
  data: z.array(ZConversation),
  pagination: ZPagination,
  unreadTotal: z.number().int(),
});

export const ZMessagesResponse = z.object({
  success: z.literal(true),
  data: z.array(ZChatMessage),
  messages: z.array(ZChatMessage),
  pagination: ZPagination,
});

export const ZMessageResponse = z.object({ success: z.literal(true), data: ZChatMessage });

export const ZCreateConversationResponse = z.object({
  success: z.literal(true),
  data: z.object({ conversationId: z.string(), created: z.boolean(), conversation: ZConversation }),
});

export const ZReadResponse = z.object({
  success: z.literal(true),
  data: z.object({ conversationId: z.string(), updated: z.number().int(), readAt: z.string() }),
});

export const ZUnreadCountResponse = z.object({
  success: z.literal(true),
  data: z.object({
    total: z.number().int(),
    conversations: z.array(z.object({ conversationId: z.string(), unreadCount: z.number().int() })),
  }),
});

export const ZChatSearchResponse = z.object({
  success: z.literal(true),
  data: z.object({ conversations: z.array(ZConversation), messages: z.array(ZChatMessage) }),
});

export const ZChatAnalyticsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    period: z.enum(CHAT_ANALYTICS_PERIODS),
    from: z.string(),
    to: z.string(),
    conversations: z.number().int(),
    newConversations: z.number().int(),
    messagesSent: z.number().int(),
    messagesReceived: z.number().int(),
    unreadMessages: z.number().int(),
    averageResponseMinutes: z.number().nullable(),
  }),
});

export const ZChatHealthResponse = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  adapter: z.enum(['redis', 'memory']),
  connectedSockets: z.number().int(),
  at: z.string(),
});

export const ZAttachmentResponse = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), contentType: z.string(), size: z.number().int() }),
});

/** The words of a chat time in the reader's language (the sites' catalogues); English by default. */
export interface TChatTimeWords {
  /** Intl's tag for the time of day and the date ('en-KE', 'sw-KE'). */
  intl: string;
  now: string;
  minutesAgo: (minutes: number) => string;
}

const ENGLISH_CHAT_TIME: TChatTimeWords = {
  intl: 'en-KE',
  now: 'now',
  minutesAgo: (minutes) => `${minutes} min ago`,
};

/** Chat list times (seed 000 §4): 'now' or 'N min ago' under 1 h, time of day under 24 h, else the date. */
export function chatListTime(
  iso: string | null | undefined,
  now: Date = new Date(),
  words: TChatTimeWords = ENGLISH_CHAT_TIME,
): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const diffMs = now.getTime() - at.getTime();
  const minutes = Math.floor(diffMs / 60_000);
  if (minutes < 1) return words.now;
  if (minutes < 60) return words.minutesAgo(minutes);
  if (diffMs < 24 * 60 * 60_000) {
    return at.toLocaleTimeString(words.intl, {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: NAIROBI_TIME_ZONE,
    });
  }
  return at.toLocaleDateString(words.intl, { day: 'numeric', month: 'short', timeZone: NAIROBI_TIME_ZONE });
}

/** The navbar badge: '9+' above 9, nothing at 0. */
export function unreadBadge(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 9 ? '9+' : String(Math.floor(count));
}
