import { chatRoutes } from '@d3/shared/api/routes';
import { keepTicks } from '@d3/shared/chat/chat-rules';
import { CHAT_PAGE_SIZE } from '@d3/shared/chat/chat-schemas';
import { replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client';

/** Keyed under 'merchants' so signing out forgets them (account-links.tsx). */
export const merchantChatKeys = {
  all: ['merchants', 'chat'] as const,
  conversationsAll: ['merchants', 'chat', 'conversations'] as const,
  conversations: (storeId: string | null) =>
    ['merchants', 'chat', 'conversations', storeId ?? 'all'] as const,
  messages: (id: string) => ['merchants', 'chat', 'messages', id] as const,
};

/** GET /chat/merchant/conversations: every conversation of the merchant's stores (or one store's). */
export function useMerchantConversations(storeId: string | null) {
  return useQuery({
    queryKey: merchantChatKeys.conversations(storeId),
    queryFn: ({ signal }) =>
      call(chatRoutes.merchantConversations, { query: { storeId: storeId ?? undefined } }, { signal }).then(
        (body) => body.data,
      ),
  });
}

export function useConversationMessages(conversationId: string | null) {
  return useQuery({
    queryKey: merchantChatKeys.messages(conversationId ?? ''),
    queryFn: ({ signal }) =>
      call(
        chatRoutes.messages,
        { params: { id: conversationId ?? '' }, query: { page: 1, limit: CHAT_PAGE_SIZE } },
        { signal },
      ).then((body) => body.data),
    enabled: conversationId !== null,
    // A re-read never turns a tick back (a live read mark may land before the re-read does).
    structuralSharing: (known, incoming) => replaceEqualDeep(known, keepTicks(known, incoming)),
  });
}

export function sendChatMessage(body: {
  conversationId: string;
  content: string;
  messageType?: 'text' | 'image';
  attachmentUrl?: string;
  /** The message's own id (issue 35): a resend with it never stores the message twice. */
  clientMessageId?: string;
}) {
  return call(chatRoutes.send, { body }).then((r) => r.data);
}

/** A read mark treats 404 as success (seed 001 §4). */
export async function markConversationRead(conversationId: string) {
  try {
    await call(chatRoutes.markRead, { params: { id: conversationId } });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/** POST /chat/attachments with the image's raw bytes; the server checks them and answers the URL. */
export function uploadChatImage(file: File) {
  return call(chatRoutes.attach, { body: file }, { timeoutMs: 30_000 }).then((r) => r.data.url);
}
