import type { TChatMessage } from '@d3/shared/chat/chat-schemas';
import { CUSTOMER_QUICK_REPLIES } from '@d3/shared/chat/quick-replies';
import {
  ChatPaneHeader,
  ChatQuickReplies,
  ChatSearchField,
  ChatTicks,
  useChatComposer,
  useConversation,
  useI18n,
  useT,
} from '@d3/ui';
import { replaceEqualDeep, useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Clock, ImagePlus, MessageCircle, Send, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useChatConversations } from '../../../lib/api/chat-conversations';
import { clearTokens } from '../../../lib/auth-token';
import { useDocumentTitle } from '../../../lib/document-title';
import { userErrorMessage } from '../../../lib/generic-error-message';
import { imageSources } from '../../../lib/image-sources';
import { isOffline, useOnline } from '../../../lib/online-status';
import { socketHub } from '../../../lib/socket';
import { useSession } from '../../../lib/use-session';
import {
  chatKeys,
  listMessages,
  markRead,
  sendMessage,
  startConversation,
  uploadImage,
} from '../api/chat-api';
import { filterConversations, keepTicks, mergeMessage, unreadTotal } from '../chat-rules';
import { queueChatMessage, useQueuedChatMessages } from '../lib/chat-outbox';
import { useChatTime } from '../lib/chat-time';

/** The customer's quick replies in the page's language: `chat.quickReply.N` is CUSTOMER_QUICK_REPLIES[N]'s words. */
const QUICK_REPLY_IDS = CUSTOMER_QUICK_REPLIES.map((_, index) => `chat.quickReply.${index}`);

/** The ticks' colours on the customer's bubble. */
const TICK_TONE = { read: 'text-sky-400', unread: 'text-current opacity-70' };

/** Customer chat (seed 000 §2 "Chat (customer)"): list, pane, welcome panel, live socket. */
export function ChatPage() {
  const session = useSession();
  const location = useLocation();
  const t = useT();
  useDocumentTitle(t('chat.title'));
  if (!session) return <Navigate to="/accounts/sign-in" state={{ from: location.pathname }} replace />;
  return <ChatScreen token={session.token} />;
}

function ChatScreen({ token }: { token: string }) {
  const { storeId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const t = useT();
  const i18n = useI18n();
  const chatTime = useChatTime();
  const navState = (location.state ?? {}) as { selectedConversation?: string; newConversationId?: string };
  const [selectedId, setSelectedId] = useState<string | null>(
    navState.newConversationId ?? navState.selectedConversation ?? null,
  );
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement | null>(null);
  const messageBoxRef = useRef<HTMLTextAreaElement | null>(null);

  const conversations = useChatConversations(token);
  const messages = useQuery({
    queryKey: chatKeys.messages(selectedId ?? ''),
    queryFn: ({ signal }) => listMessages(selectedId!, signal),
    enabled: selectedId !== null,
    // A re-read never turns a tick back (a live read mark may land before the re-read does).
    structuralSharing: (known, incoming) => replaceEqualDeep(known, keepTicks(known, incoming)),
  });

  // /chat/Store/{id}: open the store's conversation, creating it when needed.
  useEffect(() => {
    if (!storeId) return;
    let cancelled = false;
    startConversation(storeId)
      .then((id) => {
        if (cancelled) return;
        setSelectedId(id);
        void queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
      })
      .catch((e: unknown) => setError(i18n._('chat.startFailed', { reason: userErrorMessage(e) })));
    return () => {
      cancelled = true;
    };
  }, [storeId, queryClient, i18n]);

  // The socket (the tab's one, shared with the bell): seed reconnect rules, messages, ticks, typing;
  // the open conversation's room is joined while connected.
  const { connection, typing, emit } = useConversation(socketHub, token, {
    self: 'customer',
    conversationId: selectedId,
    updateMessages: (id, update) =>
      queryClient.setQueryData<TChatMessage[]>(chatKeys.messages(id), (list) => (list ? update(list) : list)),
    // Back on a new session after a drop: what arrived meanwhile is read again (issue 35).
    onResync: () => void queryClient.invalidateQueries({ queryKey: ['chat'] }),
    onError: setError,
    onAuthRefused: () => {
      clearTokens();
      setTimeout(() => navigate('/accounts/sign-in', { state: { from: location.pathname } }), 2000);
    },
  });

  // An open conversation with a store's message not read yet (on opening, or one arriving while it is
  // open) is marked read once connected: one read mark for each such message, not one for the
  // opening and one for its last message. The list's and the badges' counts are read again by the
  // bell (on every signed-in page) when the server's `messages_read` reaches the customer's room, as
  // for a store's new message (`customer_chat_update`): one refresh for each change, none from here
  // (decision 0654).
  const unreadFromStore =
    messages.data?.findLast((m) => m.sender === 'merchant' && m.status !== 'read')?.id ?? null;
  useEffect(() => {
    if (!selectedId || !unreadFromStore || connection !== 'connected') return;
    void markRead(selectedId);
  }, [selectedId, unreadFromStore, connection]);

  // New messages arrive: scroll down after 100 ms.
  const lastId = messages.data?.at(-1)?.id;
  useEffect(() => {
    if (!lastId) return;
    const timer = setTimeout(() => endRef.current?.scrollIntoView({ block: 'end' }), 100);
    return () => clearTimeout(timer);
  }, [lastId]);

  const list = useMemo(
    () => filterConversations(conversations.data ?? [], filter),
    [conversations.data, filter],
  );
  const selected = conversations.data?.find((c) => c.id === selectedId) ?? null;
  const online = useOnline();
  const queued = useQueuedChatMessages(selectedId);
  const { setDraft, image, setImage, canSend, submit, messageField, onFile } = useChatComposer({
    conversationId: selectedId,
    // Offline (issue 32) a text message is kept and sent when the connection returns.
    connected: connection === 'connected' || !online,
    waitForSocket: true,
    queue: ({ conversationId, content }) => {
      if (!isOffline()) return false;
      queueChatMessage(conversationId, content);
      return true;
    },
    send: sendMessage,
    upload: uploadImage,
    onSent: (conversationId, message) => {
      queryClient.setQueryData<TChatMessage[]>(chatKeys.messages(conversationId), (l) =>
        mergeMessage(l ?? [], message),
      );
      void queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
    },
    setError,
    emit: (event, conversationId) => emit(event, { conversationId }),
  });

  return (
    <div className="mx-auto grid h-[calc(100dvh-10rem)] max-w-6xl grid-cols-1 gap-4 px-4 py-4 md:grid-cols-[20rem_minmax(0,1fr)]">
      <h1 className="sr-only">{t('chat.title')}</h1>
      <aside
        className={clsx(
          'flex flex-col rounded-xl border border-slate-200 dark:border-slate-800',
          selectedId && 'max-md:hidden',
        )}
      >
        <ChatSearchField
          value={filter}
          onChange={setFilter}
          placeholder={t('chat.search')}
          iconClassName="top-2.5"
          inputClassName="input w-full pl-9"
        />
        {conversations.isPending && (
          <p role="status" className="p-3 text-sm text-slate-600 dark:text-slate-300">
            {t('chat.loading')}
          </p>
        )}
        {conversations.isError && <p className="p-3 text-sm text-red-600">{t('chat.chatsFailed')}</p>}
        {conversations.data?.length === 0 && (
          <div className="p-6 text-center text-sm">
            <p>{t('chat.noConversations')}</p>
            <Link to="/stores" className="btn-primary mt-3 inline-flex">
              {t('chat.browseStores')}
            </Link>
          </div>
        )}
        <ul className="flex-1 overflow-y-auto" aria-label={t('chat.conversations')}>
          {list.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => setSelectedId(c.id)}
                className={clsx(
                  'flex w-full items-center gap-3 p-3 text-left hover:bg-slate-50 dark:hover:bg-slate-800',
                  c.id === selectedId && 'bg-orange-50 dark:bg-orange-500/10',
                )}
              >
                <span className="relative">
                  {c.store.logo_url ? (
                    <img
                      {...imageSources(c.store.logo_url, '40px')}
                      alt=""
                      className="size-10 rounded-full object-cover"
                    />
                  ) : (
                    <span className="grid size-10 place-items-center rounded-full bg-slate-200">
                      {c.store.name[0]}
                    </span>
                  )}
                  {c.store.online && (
                    <span className="absolute right-0 bottom-0 size-2.5 rounded-full bg-green-500 ring-2 ring-white" />
                  )}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex justify-between gap-2">
                    <span className="truncate font-medium">{c.store.name}</span>
                    <span className="text-xs text-slate-600 dark:text-slate-400">
                      {chatTime(c.lastMessageTime)}
                    </span>
                  </span>
                  {/* slate-600: slate-500 on the open row's orange-50 measured under 4.5:1 (axe). */}
                  <span className="flex justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
                    <span className="truncate">{c.lastMessage ?? ''}</span>
                    {c.unreadCount > 0 && (
                      <span className="rounded-full bg-orange-700 px-1.5 text-xs text-white">
                        {c.unreadCount}
                      </span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </aside>

      <section
        className={clsx(
          'flex min-h-0 flex-col rounded-xl border border-slate-200 dark:border-slate-800',
          !selectedId && 'max-md:hidden',
        )}
      >
        {error && (
          <p role="alert" className="m-3 rounded-lg bg-red-50 p-2 text-sm text-red-700">
            {error}
          </p>
        )}
        {connection === 'disconnected' && (
          <p className="m-3 text-sm text-amber-700">{t('chat.reconnecting')}</p>
        )}
        {!selected ? (
          <div className="grid flex-1 place-items-center p-6 text-center">
            <div>
              <MessageCircle aria-hidden="true" className="mx-auto size-10 text-orange-500" />
              <h2 className="mt-2 text-xl font-semibold">{t('chat.welcomeTitle')}</h2>
              {/* The counts once known: "0 unread messages in 0 conversations" while loading was untrue. */}
              {conversations.data && (
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="chat-welcome">
                  {t('chat.welcomeBody', {
                    unread: unreadTotal(conversations.data),
                    conversations: conversations.data.length,
                  })}
                </p>
              )}
            </div>
          </div>
        ) : (
          <>
            <ChatPaneHeader
              onBack={() => setSelectedId(null)}
              backLabel={t('chat.back')}
              backClassName="md:hidden"
              backIcon="←"
            >
              <span className="font-semibold">{selected.store.name}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {selected.store.online ? t('chat.online') : t('chat.offline')}
              </span>
            </ChatPaneHeader>
            <div className="flex-1 space-y-2 overflow-y-auto p-3" aria-live="polite">
              {messages.isPending && (
                <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
                  {t('chat.loadingMessages')}
                </p>
              )}
              {messages.isError && <p className="text-sm text-red-600">{t('chat.messagesFailed')}</p>}
              {messages.data?.map((m) => (
                <div
                  key={m.id}
                  className={clsx('flex', m.sender === 'customer' ? 'justify-end' : 'justify-start')}
                >
                  <div
                    data-testid="chat-message"
                    className={clsx(
                      'max-w-[75%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap',
                      m.sender === 'customer' ? 'bg-orange-700 text-white' : 'bg-slate-100 dark:bg-slate-800',
                    )}
                  >
                    {m.attachmentUrl && (
                      <img
                        src={m.attachmentUrl}
                        alt={t('chat.attachment')}
                        className="mb-1 max-h-60 rounded-lg"
                      />
                    )}
                    {m.content}
                    <span className="mt-1 flex items-center justify-end gap-1 text-[10px]">
                      {chatTime(m.createdAt)}
                      {m.sender === 'customer' && (
                        <ChatTicks status={m.status} label={t(`chat.status.${m.status}`)} tone={TICK_TONE} />
                      )}
                    </span>
                  </div>
                </div>
              ))}
              {queued.map((entry) => (
                <div key={entry.id} className="flex justify-end">
                  <div
                    data-testid="chat-message-pending"
                    className="max-w-[75%] rounded-2xl border border-dashed border-orange-400 bg-orange-50 px-3 py-2 text-sm whitespace-pre-wrap text-orange-950 dark:bg-orange-500/10 dark:text-orange-100"
                  >
                    {entry.content}
                    <span className="mt-1 flex items-center justify-end gap-1 text-[10px]">
                      <Clock aria-hidden="true" className="size-3" />
                      {t('chat.pending')}
                    </span>
                  </div>
                </div>
              ))}
              {typing && (
                <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="typing">
                  {t('chat.typing', { name: selected.store.name })}
                </p>
              )}
              <div ref={endRef} />
            </div>
            <div className="border-t border-slate-200 dark:border-slate-800">
              <ChatQuickReplies
                replies={QUICK_REPLY_IDS.map((id) => t(id))}
                onPick={(text) => {
                  setDraft(text);
                  messageBoxRef.current?.focus();
                }}
              />
            </div>
            {image && (
              <div className="flex items-center gap-2 border-t p-2">
                <img
                  src={image.preview}
                  alt={t('chat.attachmentPreview')}
                  className="size-16 rounded object-cover"
                />
                <button type="button" onClick={() => setImage(null)} aria-label={t('chat.removeAttachment')}>
                  <X className="size-4" />
                </button>
              </div>
            )}
            <form
              className="flex items-end gap-2 border-t border-slate-200 p-3 dark:border-slate-800"
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <label className="btn-secondary cursor-pointer p-2" aria-label={t('chat.attachImage')}>
                <ImagePlus aria-hidden="true" className="size-5" />
                <input
                  type="file"
                  accept="image/*"
                  className="sr-only"
                  onChange={(e) => onFile(e.target.files?.[0])}
                />
              </label>
              <textarea ref={messageBoxRef} {...messageField} className="input min-h-10 flex-1 resize-none" />
              <button
                type="submit"
                className="btn-primary p-2"
                disabled={!canSend}
                aria-label={t('chat.send')}
              >
                <Send aria-hidden="true" className="size-5" />
              </button>
            </form>
          </>
        )}
      </section>
    </div>
  );
}
