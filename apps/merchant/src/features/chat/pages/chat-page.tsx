import { connectSocket, isSocketAuthError, SOCKET_MESSAGES, type Socket } from '@d3/api-client/socket';
import { applyStatus, mergeMessage } from '@d3/shared/chat/chat-rules';
import { CHAT_TYPING_STOP_MS, type TChatMessage } from '@d3/shared/chat/chat-schemas';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@d3/shared/realtime/socket-events';
import { useChatComposer } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/ui';
import { useMyStores } from '../../../lib/api/merchant-catalogue';
import { merchantSessionEnd } from '../../../lib/api-client';
import { clearMerchantToken, useMerchantToken } from '../../../lib/auth-token';
import {
  markConversationRead,
  merchantChatKeys,
  sendChatMessage,
  uploadChatImage,
  useConversationMessages,
  useMerchantConversations,
} from '../api/merchant-chat-api';
import { ComposerBar } from '../components/composer-bar';
import { ConversationList } from '../components/conversation-list';
import { ConversationPane } from '../components/conversation-pane';

type TConnection = 'connecting' | 'connected' | 'disconnected' | 'failed';

/**
 * The merchant's inbox (issue 13): every conversation of the merchant's stores with unread counts,
 * the open conversation live over Socket.IO (messages, ticks, typing), quick and canned replies,
 * image attachments. On a phone the list and the pane take turns (`?c=` names the open one).
 */
export function ChatPage() {
  const token = useMerchantToken();
  return (
    <>
      <PageHeader title="Chat" description="Conversations with your customers." />
      {token ? <Inbox token={token} /> : null}
    </>
  );
}

function Inbox({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const stores = useMyStores();
  const storeList = stores.data?.stores ?? [];
  const storeFilter = params.get('store');
  const selectedId = params.get('c');
  const conversations = useMerchantConversations(storeFilter);
  const messages = useConversationMessages(selectedId);

  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [connection, setConnection] = useState<TConnection>('connecting');
  const [typing, setTyping] = useState(false);
  const socketRef = useRef<Socket | null>(null);
  const selectedRef = useRef<string | null>(selectedId);
  selectedRef.current = selectedId;
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const endRef = useRef<HTMLDivElement | null>(null);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);

  const setParam = (key: string, value: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  const refreshLists = () =>
    void queryClient.invalidateQueries({ queryKey: merchantChatKeys.conversationsAll });

  // The socket: the merchant's sockets are in their stores' rooms, so every customer message arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one socket per token; the handlers read refs
  useEffect(() => {
    const socket = connectSocket(token, { onSessionEnded: merchantSessionEnd.handlerFor(token) });
    socketRef.current = socket;
    const setMessages = (id: string, update: (list: TChatMessage[]) => TChatMessage[]) =>
      queryClient.setQueryData<TChatMessage[]>(merchantChatKeys.messages(id), (list) =>
        list ? update(list) : list,
      );
    socket.on('connect', () => {
      setConnection('connected');
      setError(null);
    });
    socket.on('disconnect', () => setConnection('disconnected'));
    socket.on('connect_error', (err: Error) => {
      if (!isSocketAuthError(err)) return;
      setConnection('failed');
      setError(SOCKET_MESSAGES.authFailed);
      clearMerchantToken();
      setTimeout(() => navigate('/sign-in'), 2000);
    });
    socket.io.on('reconnect_failed', () => {
      setConnection('failed');
      setError(SOCKET_MESSAGES.gaveUp);
    });
    socket.on(SERVER_EVENTS.newMessage, (message: TChatMessage) => {
      setMessages(message.conversationId, (list) => mergeMessage(list, message));
      if (message.sender === 'customer') {
        socket.emit(CLIENT_EVENTS.messageDelivered, { messageId: message.id });
        if (message.conversationId === selectedRef.current) {
          setTyping(false);
          void markConversationRead(message.conversationId).then(refreshLists);
        }
      }
      refreshLists();
    });
    socket.on(SERVER_EVENTS.newConversation, refreshLists);
    socket.on(
      SERVER_EVENTS.messageStatusUpdate,
      (u: { conversationId: string; messageId: string; status: TChatMessage['status'] }) =>
        setMessages(u.conversationId, (list) => applyStatus(list, [u.messageId], u.status)),
    );
    socket.on(SERVER_EVENTS.messagesRead, (u: { conversationId: string; messageIds: string[] }) =>
      setMessages(u.conversationId, (list) => applyStatus(list, u.messageIds, 'read')),
    );
    socket.on(SERVER_EVENTS.typingStart, (u: { conversationId?: string; role?: string }) => {
      if (u?.conversationId !== selectedRef.current || u?.role === 'merchant') return;
      setTyping(true);
      if (typingTimer.current) clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(false), CHAT_TYPING_STOP_MS);
    });
    socket.on(SERVER_EVENTS.typingStop, () => setTyping(false));
    return () => {
      socket.close();
      socketRef.current = null;
      if (typingTimer.current) clearTimeout(typingTimer.current);
    };
  }, [token, queryClient, navigate]);

  // Opening a conversation marks it read and joins its room (for typing and read marks).
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshLists only invalidates
  useEffect(() => {
    if (!selectedId) return;
    setTyping(false);
    void markConversationRead(selectedId)
      .then(refreshLists)
      .catch(() => undefined);
    if (connection !== 'connected') return;
    const socket = socketRef.current;
    socket?.emit(CLIENT_EVENTS.joinConversation, { conversationId: selectedId });
    return () => {
      socket?.emit(CLIENT_EVENTS.leaveConversation, { conversationId: selectedId });
    };
  }, [selectedId, connection]);

  // New messages scroll into view after 100 ms (seed 001 §9 scroll delay).
  const lastId = messages.data?.at(-1)?.id;
  useEffect(() => {
    if (!lastId) return;
    const timer = setTimeout(() => endRef.current?.scrollIntoView?.({ block: 'end' }), 100);
    return () => clearTimeout(timer);
  }, [lastId]);

  const all = conversations.data ?? [];
  const selected = all.find((c) => c.id === selectedId) ?? null;
  const manyStores = storeList.length > 1;
  const composer = useChatComposer({
    conversationId: selectedId,
    connected: connection === 'connected',
    waitForSocket: false,
    send: sendChatMessage,
    upload: uploadChatImage,
    onSent: (conversationId, message) => {
      queryClient.setQueryData<TChatMessage[]>(merchantChatKeys.messages(conversationId), (l) =>
        mergeMessage(l ?? [], message),
      );
      refreshLists();
    },
    setError,
    emit: (event, conversationId) => socketRef.current?.emit(event, { conversationId }),
  });

  function applyReply(text: string) {
    composer.setDraft(text);
    inputRef.current?.focus();
  }

  return (
    <div className="flex flex-col gap-4">
      {manyStores ? (
        <SelectField
          label="Store"
          className="max-w-sm"
          value={storeFilter ?? ''}
          onChange={(value) => setParam('store', value || null)}
          options={[
            { value: '', label: 'All stores' },
            ...storeList.map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
      ) : null}

      <div className="grid h-[calc(100dvh-13rem)] min-h-[28rem] grid-cols-1 gap-4 md:grid-cols-[20rem_1fr]">
        <ConversationList
          conversations={conversations}
          filter={filter}
          onFilter={setFilter}
          selectedId={selectedId}
          onSelect={(id) => setParam('c', id)}
          manyStores={manyStores}
        />
        <ConversationPane
          selectedId={selectedId}
          selected={selected}
          all={all}
          conversationsPending={conversations.isPending}
          messages={messages}
          typing={typing}
          error={error}
          reconnecting={connection === 'disconnected'}
          endRef={endRef}
          onBack={() => setParam('c', null)}
          composer={<ComposerBar composer={composer} inputRef={inputRef} onReply={applyReply} />}
        />
      </div>
    </div>
  );
}
