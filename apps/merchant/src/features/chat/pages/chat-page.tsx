import { connectSocket, isSocketAuthError, SOCKET_MESSAGES, type Socket } from '@d3/api-client/socket';
import { applyStatus, mergeMessage, ticksFor, unreadTotal } from '@d3/shared/chat/chat-rules';
import {
  CHAT_TYPING_STOP_MS,
  chatListTime,
  type TChatMessage,
  type TConversation,
} from '@d3/shared/chat/chat-schemas';
import { MERCHANT_CANNED_REPLY, MERCHANT_QUICK_REPLIES } from '@d3/shared/chat/quick-replies';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@d3/shared/realtime/socket-events';
import { ChatPaneHeader, ChatQuickReplies, ChatSearchField, useChatComposer } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeft, Check, CheckCheck, ImagePlus, Loader2, MessageSquare, Send, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { buttonClass, EmptyState, ErrorState, LoadingState, SelectField } from '../../../components/ui';
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

type TConnection = 'connecting' | 'connected' | 'disconnected' | 'failed';

/** 'Search customers...' filters by the customer's or the store's name. */
export function filterMerchantConversations(list: TConversation[], query: string): TConversation[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return list;
  return list.filter(
    (c) =>
      c.customer.name.toLocaleLowerCase().includes(needle) ||
      c.store.name.toLocaleLowerCase().includes(needle),
  );
}

function Ticks({ status }: { status: TChatMessage['status'] }) {
  const { count, read } = ticksFor(status);
  const Icon = count === 1 ? Check : CheckCheck;
  return (
    <Icon
      role="img"
      aria-label={status}
      data-status={status}
      className={clsx('inline size-3.5', read ? 'text-sky-300' : 'text-current opacity-80')}
    />
  );
}

function Avatar({ name, online }: { name: string; online: boolean }) {
  return (
    <span className="relative shrink-0">
      <span className="grid size-10 place-items-center rounded-full bg-orange-100 font-semibold text-orange-800 dark:bg-orange-500/15 dark:text-orange-300">
        {name.slice(0, 1).toUpperCase()}
      </span>
      {online ? (
        <span className="absolute right-0 bottom-0 size-2.5 rounded-full bg-green-500 ring-2 ring-white dark:ring-slate-900">
          <span className="sr-only">Online</span>
        </span>
      ) : null}
    </span>
  );
}

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
  const list = useMemo(() => filterMerchantConversations(all, filter), [all, filter]);
  const selected = all.find((c) => c.id === selectedId) ?? null;
  const manyStores = storeList.length > 1;
  const { setDraft, image, setImage, sending, canSend, submit, messageField, onFile } = useChatComposer({
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
    setDraft(text);
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
        <aside
          aria-label="Conversations"
          className={clsx(
            'flex min-h-0 min-w-0 flex-col rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
            selectedId && 'max-md:hidden',
          )}
        >
          <ChatSearchField
            value={filter}
            onChange={setFilter}
            placeholder="Search customers..."
            iconClassName="top-3"
            inputClassName="block h-10 w-full rounded-xl border border-slate-300 bg-white pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-orange-600 sm:text-sm dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
          />
          <div className="min-h-0 flex-1 overflow-y-auto">
            {conversations.isPending ? (
              <div className="p-3">
                <LoadingState label="Loading conversations…" />
              </div>
            ) : conversations.isError ? (
              <div className="p-3">
                <ErrorState message="Failed to load chats" onRetry={() => void conversations.refetch()} />
              </div>
            ) : all.length === 0 ? (
              <div className="p-3">
                <EmptyState title="No conversations yet">
                  When a customer messages one of your stores, the conversation appears here.
                </EmptyState>
              </div>
            ) : list.length === 0 ? (
              <p className="p-4 text-sm text-slate-600 dark:text-slate-400">
                No customer matches your search.
              </p>
            ) : (
              <ul>
                {list.map((c) => (
                  <li key={c.id}>
                    <button
                      type="button"
                      onClick={() => setParam('c', c.id)}
                      aria-current={c.id === selectedId ? 'true' : undefined}
                      data-testid="conversation"
                      className={clsx(
                        'flex w-full items-center gap-3 px-3 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-orange-600 dark:hover:bg-slate-800',
                        c.id === selectedId && 'bg-orange-50 dark:bg-orange-500/10',
                      )}
                    >
                      <Avatar name={c.customer.name} online={c.customer.online} />
                      <span className="min-w-0 flex-1">
                        <span className="flex items-baseline justify-between gap-2">
                          <span className="truncate font-medium text-slate-900 dark:text-white">
                            {c.customer.name}
                          </span>
                          <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                            {chatListTime(c.lastMessageTime)}
                          </span>
                        </span>
                        {manyStores ? (
                          <span className="block truncate text-xs text-orange-800 dark:text-orange-300">
                            {c.store.name}
                          </span>
                        ) : null}
                        <span className="flex items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
                          <span className="truncate">{c.lastMessage ?? ''}</span>
                          {c.unreadCount > 0 ? (
                            <span
                              data-testid="unread-count"
                              className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-orange-700 px-1.5 text-xs font-semibold text-white"
                            >
                              {c.unreadCount}
                              <span className="sr-only"> unread</span>
                            </span>
                          ) : null}
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </aside>

        <section
          aria-label={selected ? `Conversation with ${selected.customer.name}` : 'Conversation'}
          className={clsx(
            'flex min-h-0 min-w-0 flex-col rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
            !selectedId && 'max-md:hidden',
          )}
        >
          {error ? (
            <div className="m-3">
              <ErrorState message={error} />
            </div>
          ) : null}
          {connection === 'disconnected' ? (
            <p role="status" className="mx-3 mt-3 text-sm text-amber-800 dark:text-amber-300">
              Reconnecting...
            </p>
          ) : null}
          {!selected ? (
            <div className="grid flex-1 place-items-center p-6 text-center">
              {selectedId && conversations.isPending ? (
                <LoadingState label="Loading conversation…" />
              ) : (
                <div>
                  <MessageSquare aria-hidden="true" className="mx-auto size-10 text-orange-700" />
                  <h2 className="mt-2 text-lg font-semibold text-slate-900 dark:text-white">
                    Your customer messages
                  </h2>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="chat-welcome">
                    {unreadTotal(all)} unread messages in {all.length} conversations
                  </p>
                </div>
              )}
            </div>
          ) : (
            <>
              <ChatPaneHeader
                onBack={() => setParam('c', null)}
                backLabel="Back to conversations"
                backClassName={clsx(buttonClass('ghost', true), 'md:hidden')}
                backIcon={<ArrowLeft aria-hidden="true" className="size-5" />}
              >
                <Avatar name={selected.customer.name} online={selected.customer.online} />
                <div className="min-w-0">
                  <h2 className="truncate font-semibold text-slate-900 dark:text-white">
                    {selected.customer.name}
                  </h2>
                  <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                    {selected.customer.online ? 'Online' : 'Offline'} · {selected.store.name}
                  </p>
                </div>
              </ChatPaneHeader>

              <div className="min-h-0 flex-1 space-y-2 overflow-y-auto p-3" aria-live="polite">
                {messages.isPending ? <LoadingState label="Loading messages…" /> : null}
                {messages.isError ? (
                  <ErrorState message="Failed to load messages" onRetry={() => void messages.refetch()} />
                ) : null}
                {messages.data?.length === 0 ? (
                  <p className="text-center text-sm text-slate-600 dark:text-slate-400">No messages yet.</p>
                ) : null}
                {messages.data?.map((m) => {
                  const mine = m.sender === 'merchant';
                  return (
                    <div key={m.id} className={clsx('flex', mine ? 'justify-end' : 'justify-start')}>
                      <div
                        data-testid="chat-message"
                        className={clsx(
                          'max-w-[80%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
                          mine
                            ? 'bg-orange-700 text-white'
                            : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
                        )}
                      >
                        {m.attachmentUrl ? (
                          <a href={m.attachmentUrl} target="_blank" rel="noreferrer">
                            <img
                              src={m.attachmentUrl}
                              alt="Attachment"
                              className="mb-1 max-h-60 rounded-lg"
                            />
                          </a>
                        ) : null}
                        {m.content ? <p>{m.content}</p> : null}
                        <span className="mt-1 flex items-center justify-end gap-1 text-[0.6875rem] opacity-90">
                          {chatListTime(m.createdAt)}
                          {mine ? <Ticks status={m.status} /> : null}
                        </span>
                      </div>
                    </div>
                  );
                })}
                {typing ? (
                  <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="typing">
                    {selected.customer.name} is typing...
                  </p>
                ) : null}
                <div ref={endRef} />
              </div>

              <div className="border-t border-slate-200 dark:border-slate-800">
                <ChatQuickReplies
                  replies={MERCHANT_QUICK_REPLIES}
                  onPick={applyReply}
                  before={
                    <button
                      type="button"
                      onClick={() => applyReply(MERCHANT_CANNED_REPLY)}
                      title={MERCHANT_CANNED_REPLY}
                      className="h-8 rounded-full border border-orange-700 px-3 text-xs font-semibold whitespace-nowrap text-orange-800 hover:bg-orange-50 dark:border-orange-400 dark:text-orange-300 dark:hover:bg-orange-500/10"
                    >
                      Standard reply
                    </button>
                  }
                />
                {image ? (
                  <div className="flex items-center gap-2 px-3 pt-2">
                    <img
                      src={image.preview}
                      alt="Attachment preview"
                      className="size-16 rounded-lg object-cover"
                    />
                    <button
                      type="button"
                      className={buttonClass('ghost', true)}
                      onClick={() => setImage(null)}
                      aria-label="Remove attachment"
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                ) : null}
                <form
                  className="flex items-end gap-2 p-3"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void submit();
                  }}
                >
                  <label
                    className={clsx(
                      buttonClass('secondary'),
                      'w-11 shrink-0 cursor-pointer px-0 focus-within:outline-2 focus-within:outline-orange-600',
                    )}
                  >
                    <ImagePlus aria-hidden="true" className="size-5" />
                    <span className="sr-only">Attach image</span>
                    <input
                      type="file"
                      accept="image/*"
                      className="sr-only"
                      onChange={(e) => {
                        onFile(e.target.files?.[0]);
                        e.target.value = '';
                      }}
                    />
                  </label>
                  <textarea
                    ref={inputRef}
                    {...messageField}
                    className="block min-h-11 min-w-0 flex-1 resize-none rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-orange-600 sm:text-sm dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
                  />
                  <button
                    type="submit"
                    className={clsx(buttonClass('primary'), 'w-11 shrink-0 px-0')}
                    disabled={!canSend}
                    aria-label="Send"
                  >
                    {sending ? (
                      <Loader2 aria-hidden="true" className="size-5 animate-spin" />
                    ) : (
                      <Send aria-hidden="true" className="size-5" />
                    )}
                  </button>
                </form>
              </div>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
