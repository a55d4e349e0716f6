import type { TChatMessage } from '@d3/shared/chat/chat-schemas';
import { merchantStores } from '../stores/stores-service.js';
import type { ChatContext, ChatSession } from './chat-context.js';
import * as repository from './chat-repository.js';
import { sessionConversations } from './chat-service.js';
import { messageView } from './chat-views.js';

// Chat (issue 11): what a side reads about its chats as a whole: unread counts, search, analytics.

const PERIOD_MS = { '24h': 1, '7d': 7, '30d': 30, '90d': 90 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

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
