import type { TChatMessage } from '@d3/shared/chat/chat-schemas';
import { chatConversationsKey } from '../../../lib/api/chat-conversations';
import { chatUnreadKey } from '../../../lib/api/chat-unread';
import { apiFetch } from '../../../lib/api-client';

export const chatKeys = {
  conversations: chatConversationsKey,
  messages: (id: string) => ['chat', 'messages', id] as const,
  unread: chatUnreadKey,
};

export async function listMessages(conversationId: string, signal?: AbortSignal) {
  const response = await apiFetch<{ data: TChatMessage[] }>(
    `/chat/conversations/${conversationId}/messages`,
    {
      query: { page: 1, limit: 50 },
      signal,
    },
  );
  return response.data;
}

export async function sendMessage(body: {
  conversationId: string;
  content: string;
  messageType?: 'text' | 'image';
  attachmentUrl?: string;
}) {
  const response = await apiFetch<{ data: TChatMessage }>('/chat/messages', { method: 'POST', body });
  return response.data;
}

export async function startConversation(storeId: string) {
  const response = await apiFetch<{ data: { conversationId: string } }>('/chat/conversations', {
    method: 'POST',
    body: { storeId },
  });
  return response.data.conversationId;
}

/** A read mark treats 404 as success (seed 001 §4). */
export async function markRead(conversationId: string) {
  try {
    await apiFetch(`/chat/conversations/${conversationId}/read`, { method: 'POST' });
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error;
  }
}

export async function uploadImage(file: File) {
  const response = await apiFetch<{ data: { url: string } }>('/chat/attachments', {
    method: 'POST',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
    timeoutMs: 30_000,
  });
  return response.data.url;
}
