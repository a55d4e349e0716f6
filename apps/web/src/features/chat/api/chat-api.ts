import { chatRoutes } from '@d3/shared/api/routes';
import { chatConversationsKey } from '../../../lib/api/chat-conversations';
import { call } from '../../../lib/api-client';

export const chatKeys = {
  conversations: chatConversationsKey,
  messages: (id: string) => ['chat', 'messages', id] as const,
};

export async function listMessages(conversationId: string, signal?: AbortSignal) {
  const response = await call(
    chatRoutes.messages,
    { params: { id: conversationId }, query: { page: 1, limit: 50 } },
    { signal },
  );
  return response.data;
}

export async function sendMessage(body: {
  conversationId: string;
  content: string;
  messageType?: 'text' | 'image';
  attachmentUrl?: string;
  /** The message's own id (issue 35): a resend with it never stores the message twice. */
  clientMessageId?: string;
}) {
  const response = await call(chatRoutes.send, { body });
  return response.data;
}

export async function startConversation(storeId: string) {
  const response = await call(chatRoutes.startConversation, { body: { storeId } });
  return response.data.conversationId;
}

/** A read mark treats 404 as success (seed 001 §4). */
export async function markRead(conversationId: string) {
  try {
    await call(chatRoutes.markRead, { params: { id: conversationId } });
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error;
  }
}

export async function uploadImage(file: File) {
  // The raw bytes; the client sends the file's own type (the server checks the bytes).
  const response = await call(chatRoutes.attach, { body: file }, { timeoutMs: 30_000 });
  return response.data.url;
}
