import type { FastifyInstance } from 'fastify';

/**
 * What notifications need from the realtime layer (issue 11's Socket.IO half, built separately):
 * the chat module decorates the app with `app.realtime` of this shape. Without it (this module
 * alone, or a test) nothing is emitted and nobody counts as viewing a conversation.
 */
export interface NotificationDelivery {
  emitToUser(userId: string, event: string, payload: unknown): void;
  isViewingConversation(userId: string, conversationId: string): Promise<boolean>;
}

export const NO_DELIVERY: NotificationDelivery = {
  emitToUser: () => undefined,
  isViewingConversation: async () => false,
};

/** Reads `app.realtime` at call time (the realtime plugin may be registered after this module). */
export function realtimeDelivery(app: FastifyInstance): () => NotificationDelivery {
  return () => {
    const realtime = (app as unknown as { realtime?: Partial<NotificationDelivery> }).realtime;
    if (!realtime?.emitToUser) return NO_DELIVERY;
    return {
      emitToUser: (userId, event, payload) => realtime.emitToUser!(userId, event, payload),
      isViewingConversation: (userId, conversationId) =>
        realtime.isViewingConversation
          ? realtime.isViewingConversation(userId, conversationId)
          : Promise.resolve(false),
    };
  };
}

/** Socket event names this module emits to `user:{id}` (payloads in docs/realtime-notifications.md). */
export const NOTIFICATION_EVENTS = {
  created: 'new_notification',
  count: 'notification_count_update',
  read: 'notification_read',
} as const;
