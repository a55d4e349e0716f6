import { chatRoutes } from '@d3/shared/api/routes';
import { unreadTotal } from '@d3/shared/chat/chat-rules';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-client';

export const chatConversationsKey = (token: string | null) => ['chat', 'conversations', token] as const;

export async function listConversations(signal?: AbortSignal) {
  const response = await call(chatRoutes.customerConversations, {}, { signal });
  return response.data;
}

/** The one query both hooks read: its key, its fetch, signed in only. */
const conversationsQuery = (token: string | null) => ({
  queryKey: chatConversationsKey(token),
  queryFn: ({ signal }: { signal: AbortSignal }) => listConversations(signal),
  enabled: token !== null,
});

/**
 * The customer's conversations: the chat page's list, and the bell's chat notifications (one per
 * conversation with unread messages, seed 001 §4), polled with the bell every 30 s.
 */
export function useChatConversations(token: string | null, options: { poll?: number } = {}) {
  return useQuery({ ...conversationsQuery(token), refetchInterval: options.poll });
}

/**
 * The navbar's and the tab bar's chat badge: the unread total of the same answer the chat list and
 * the bell read (each conversation carries its unread count). The bell polls it every 30 s and reads
 * it again on chat events, so one request keeps all of them current (decision 0654).
 */
export function useChatUnread(token: string | null) {
  return useQuery({ ...conversationsQuery(token), select: unreadTotal, staleTime: 10_000 });
}
