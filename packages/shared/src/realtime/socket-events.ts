import { z } from 'zod';
import type { ErrorCode } from '../api/error-codes.js';
import { CHAT_MESSAGES, type TChatMessage, ZSendMessageRequest } from '../chat/chat-schemas.js';
import type { TNotification } from '../notifications/notification-schemas.js';

/**
 * The Socket.IO event map (issue 31, issue 37 item 2): every event a client may send, with the zod
 * schema its payload must pass, and every event the server sends. The server refuses an event that
 * is not listed here, or whose payload fails its schema, before any handler runs; handlers receive
 * the parsed payload. Names are the seed's (001 §7 "Chat", "Notifications").
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOf = (message: string) =>
  z
    .string({ error: message })
    .max(64, { message })
    .regex(UUID, { message })
    .transform((v) => v.toLowerCase());

/** `{ conversationId }` or the id itself (both seen in the seed's clients). */
const ZConversationRef = z
  .union(
    [
      uuidOf(CHAT_MESSAGES.invalidConversationId),
      z.object({ conversationId: uuidOf(CHAT_MESSAGES.invalidConversationId) }),
    ],
    { error: CHAT_MESSAGES.invalidConversationId },
  )
  .transform((ref) => (typeof ref === 'string' ? ref : ref.conversationId));

/** At most this many message ids in one `message_delivered` frame (one query answers the frame). */
export const SOCKET_DELIVERED_MAX_IDS = 50;

const ZDeliveredIds = z
  .object(
    {
      messageId: uuidOf(CHAT_MESSAGES.invalidMessageId).optional(),
      messageIds: z
        .array(uuidOf(CHAT_MESSAGES.invalidMessageId), { error: CHAT_MESSAGES.invalidMessageId })
        .min(1, { message: CHAT_MESSAGES.invalidMessageId })
        .max(SOCKET_DELIVERED_MAX_IDS, { message: `At most ${SOCKET_DELIVERED_MAX_IDS} message ids at once` })
        .optional(),
    },
    { error: CHAT_MESSAGES.invalidMessageId },
  )
  .transform((value, ctx) => {
    if (value.messageIds) return [...new Set(value.messageIds)];
    if (value.messageId) return [value.messageId];
    ctx.addIssue({ code: 'custom', path: ['messageId'], message: CHAT_MESSAGES.invalidMessageId });
    return z.NEVER;
  });

export const USER_STATUSES = ['online', 'away', 'busy', 'offline'] as const;
export type TUserStatus = (typeof USER_STATUSES)[number];

/** What a client may send. `z.unknown()`: the payload is ignored (the seed's clients send `{}`). */
export const CLIENT_EVENT_SCHEMAS = {
  user_join: z.unknown(),
  join_notifications: z.unknown(),
  join_conversation: ZConversationRef,
  leave_conversation: ZConversationRef,
  typing_start: ZConversationRef,
  typing_stop: ZConversationRef,
  send_message: ZSendMessageRequest,
  mark_read: ZConversationRef,
  message_delivered: ZDeliveredIds,
  user_status_update: z.object(
    { status: z.enum(USER_STATUSES, { error: 'Status must be online, away, busy or offline' }) },
    { error: 'Status must be online, away, busy or offline' },
  ),
} as const;

export type ClientEventName = keyof typeof CLIENT_EVENT_SCHEMAS;

/** The client events by name: code names an event through this map, never by a string literal. */
export const CLIENT_EVENTS = {
  userJoin: 'user_join',
  joinNotifications: 'join_notifications',
  joinConversation: 'join_conversation',
  leaveConversation: 'leave_conversation',
  typingStart: 'typing_start',
  typingStop: 'typing_stop',
  sendMessage: 'send_message',
  markRead: 'mark_read',
  messageDelivered: 'message_delivered',
  userStatusUpdate: 'user_status_update',
} as const satisfies Record<string, ClientEventName>;
export type ClientEventPayload<E extends ClientEventName> = z.output<(typeof CLIENT_EVENT_SCHEMAS)[E]>;
export type ClientEventInput<E extends ClientEventName> = z.input<(typeof CLIENT_EVENT_SCHEMAS)[E]>;

export function isClientEventName(name: unknown): name is ClientEventName {
  return typeof name === 'string' && Object.hasOwn(CLIENT_EVENT_SCHEMAS, name);
}

/** What an acknowledged event answers when it fails (the HTTP error envelope, without a status). */
export interface SocketFailure {
  success: false;
  code: ErrorCode;
  message: string;
  errors?: Record<string, string> | undefined;
  retryAfter?: number | undefined;
}

/** `socket_error`: an event the server refused and nobody could be answered through an ack. */
export interface SocketErrorEvent {
  event: string;
  code: ErrorCode;
  message: string;
  retryAfter?: number | undefined;
}

/**
 * `session_ended`: sent just before the server ends a socket whose session ended (logout, password
 * change, account deletion, token expiry). The sites clear their tokens and go to sign-in.
 */
export interface SessionEndedEvent {
  code: 'SESSION_EXPIRED';
  message: string;
}

/** The events the server sends (payload shapes in docs/realtime.md). */
export const SERVER_EVENTS = {
  connectionEstablished: 'connection_established',
  newMessage: 'new_message',
  newCustomerMessage: 'new_customer_message',
  newMerchantMessage: 'new_merchant_message',
  newStoreToCustomerMessage: 'new_store_to_customer_message',
  customerChatUpdate: 'customer_chat_update',
  merchantChatUpdate: 'merchant_chat_update',
  newConversation: 'new_conversation',
  typingStart: 'typing_start',
  typingStop: 'typing_stop',
  messageStatusUpdate: 'message_status_update',
  messagesRead: 'messages_read',
  merchantStatusUpdate: 'merchant_status_update',
  customerStatusUpdate: 'customer_status_update',
  userOnline: 'user_online',
  userOffline: 'user_offline',
  systemMessage: 'system_message',
  newNotification: 'new_notification',
  notificationCountUpdate: 'notification_count_update',
  notificationRead: 'notification_read',
  serviceOfferReceived: 'service_offer_received',
  socketError: 'socket_error',
  sessionEnded: 'session_ended',
} as const;

export type ServerEventName = (typeof SERVER_EVENTS)[keyof typeof SERVER_EVENTS];

/** `new_notification`: the new notification (to the top of the bell) and the recipient's unread count. */
export interface NewNotificationEvent {
  notification?: TNotification;
  unread?: number;
}

/** `notification_count_update`: the recipient's counts after a change. */
export interface NotificationCountEvent {
  unread?: number;
  total?: number;
}

/** `notification_read`: which were marked read (`'all'`, optionally of one `type`) and the unread count. */
export interface NotificationReadEvent {
  notificationIds?: string[] | 'all';
  type?: string;
  unread?: number;
}

/**
 * The payloads of the notification events both bells listen to (issue 37 item 2), by event name:
 * `socket.on(SERVER_EVENTS.newNotification, (e: NotificationEventPayloads['new_notification']) => …)`.
 */
export interface NotificationEventPayloads {
  new_notification: NewNotificationEvent;
  notification_count_update: NotificationCountEvent;
  notification_read: NotificationReadEvent;
  service_offer_received: unknown;
}

/** `message_status_update`: one message's new status (sent → delivered → read). */
export interface MessageStatusEvent {
  conversationId: string;
  messageId: string;
  status: TChatMessage['status'];
  deliveredAt?: string | null;
  readAt?: string | null;
}

/** `messages_read`: the messages the other side has read. */
export interface MessagesReadEvent {
  conversationId: string;
  messageIds: string[];
  readerId?: string;
  readerRole?: string;
  readAt?: string;
}

/** `typing_start` / `typing_stop`: someone else in the conversation's room typing (never the typist). */
export interface TypingEvent {
  conversationId: string;
  userId: string;
  role: 'customer' | 'merchant';
  isTyping: boolean;
  at: string;
}

/**
 * The payloads of the chat events both chat pages listen to (issue 37 item 2), by event name; the
 * one hook over them is `useConversation` (packages/ui/src/realtime.ts).
 */
export interface ChatEventPayloads {
  new_message: TChatMessage;
  new_conversation: unknown;
  message_status_update: MessageStatusEvent;
  messages_read: MessagesReadEvent;
  typing_start: TypingEvent;
  typing_stop: TypingEvent;
}

/** The payload type of a server event (the notification and chat events' are written out; the others' in docs/realtime.md). */
export type ServerEventPayload<E extends ServerEventName> = E extends keyof NotificationEventPayloads
  ? NotificationEventPayloads[E]
  : E extends keyof ChatEventPayloads
    ? ChatEventPayloads[E]
    : unknown;

/**
 * The Socket.IO event maps (issue 37 item 2), for `Socket<ClientToServerEvents, ServerToClientEvents>`
 * on the server: what a client may send (each payload the input of its schema, with an optional ack)
 * and what the server sends.
 */
export type ClientToServerEvents = {
  [E in ClientEventName]: (payload: ClientEventInput<E>, ack?: (answer: object) => void) => void;
};
export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};
