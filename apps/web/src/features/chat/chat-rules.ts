import type { TConversation } from '@d3/shared/chat/chat-schemas';

/** The rules both sites' chats share live in @d3/shared (the merchant inbox uses them too). */
export {
  applyStatus,
  isSendKey,
  keepTicks,
  mergeMessage,
  ticksFor,
  unreadTotal,
} from '@d3/shared/chat/chat-rules';

/** 'Search stores...' filters the list by store name, case-insensitively. */
export function filterConversations(conversations: TConversation[], query: string): TConversation[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return conversations;
  return conversations.filter((c) => c.store.name.toLocaleLowerCase().includes(needle));
}
