import { chatRoutes } from '@d3/shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-client';

export const chatUnreadKey = (token: string | null) => ['chat', 'unread', token] as const;

/** The navbar's chat badge: the real unread total, refreshed every 30 s and on chat activity. */
export function useChatUnread(token: string | null) {
  return useQuery({
    queryKey: chatUnreadKey(token),
    queryFn: async ({ signal }) => (await call(chatRoutes.unreadCount, {}, { signal })).data.total,
    enabled: token !== null,
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}
