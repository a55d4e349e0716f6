import type { TChatMessage, TConversation } from '@d3/shared/chat/chat-schemas';

/**
 * Glow Spa's conversation (store s1) with Amina (customer u1), as the conversation list sends it:
 * `unreadCount` unread messages, the last one `lastMessage`, just now.
 */
export function createConversation(lastMessage: string, unreadCount: number): TConversation {
  const now = new Date().toISOString();
  return {
    id: 'c1',
    storeId: 's1',
    customerId: 'u1',
    store: {
      id: 's1',
      name: 'Glow Spa',
      avatar: null,
      logo_url: null,
      category: 'Beauty & Spa',
      online: false,
    },
    customer: {
      id: 'u1',
      name: 'Amina Otieno',
      customerSince: now,
      priority: 'normal',
      online: false,
    },
    lastMessage,
    lastMessageTime: now,
    unreadCount,
    createdAt: now,
  };
}

/**
 * A message of `conversationId` as the API sends it (ZChatMessage), from the customer Amina (u1)
 * or the store's merchant (m1); its time and `seq` grow with the id's length.
 */
export function createChatMessage(
  conversationId: string,
  id: string,
  sender: 'customer' | 'merchant',
  content: string,
  status: TChatMessage['status'] = 'sent',
): TChatMessage {
  const at = `2026-11-23T09:0${id.length}:00+03:00`;
  return {
    id,
    conversationId,
    content,
    text: content,
    messageType: 'text',
    attachmentUrl: null,
    status,
    sender,
    sender_type: sender,
    recipient_type: sender === 'customer' ? 'merchant' : 'customer',
    senderId: sender === 'customer' ? 'u1' : 'm1',
    senderInfo: { id: 'u1', name: 'Amina Njeri', role: sender },
    timestamp: at,
    createdAt: at,
    deliveredAt: null,
    readAt: null,
    seq: id.length,
    clientMessageId: null,
  };
}
