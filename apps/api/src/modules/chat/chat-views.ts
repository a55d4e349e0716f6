import type { TChatMessage, TConversation } from '@d3/shared/chat/chat-schemas';
import { customerNames } from '../accounts/accounts-service.js';
import { storesByIds } from '../stores/stores-service.js';
import type { ChatContext } from './chat-context.js';
import type { ConversationRow, MessageRow, Role } from './chat-repository.js';

// Chat (issue 11): what the API answers for conversations and messages.

interface StoreInfo {
  id: string;
  merchantId: string;
  name: string;
  logo: string | null;
  category: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const other = (role: Role): Role => (role === 'customer' ? 'merchant' : 'customer');

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

export async function conversationViews(
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

export function messageView(
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
    seq: row.seq,
    clientMessageId: row.clientMessageId,
  };
}

export async function senderNames(ctx: ChatContext, conversation: ConversationRow, store: { name: string }) {
  const nameOf = await customerNameOf(ctx, [conversation.customerId]);
  return { customer: nameOf(conversation.customerId), store: store.name };
}

/** `message_status_update`'s payload. */
export function statusPayload(row: MessageRow) {
  return {
    messageId: row.id,
    conversationId: row.conversationId,
    status: row.status,
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
  };
}
