import { mergeMessage } from '@d3/shared/chat/chat-rules';
import type { TChatMessage } from '@d3/shared/chat/chat-schemas';
import { useChatComposer, useConversation, useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/ui';
import { useMyStores } from '../../../lib/api/merchant-catalogue';
import { clearMerchantToken, useMerchantToken } from '../../../lib/auth-token';
import { merchantSocketHub } from '../../../lib/socket';
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

/**
 * The merchant's inbox (issue 13): every conversation of the merchant's stores with unread counts,
 * the open conversation live over Socket.IO (messages, ticks, typing), quick and canned replies,
 * image attachments. On a phone the list and the pane take turns (`?c=` names the open one).
 */
export function ChatPage() {
  const t = useT();
  const token = useMerchantToken();
  return (
    <>
      <PageHeader title={t('chat.title')} description={t('chat.description')} />
      {token ? <Inbox token={token} /> : null}
    </>
  );
}

function Inbox({ token }: { token: string }) {
  const t = useT();
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

  // The socket (one per tab, shared with the bell): the merchant's sockets are in their stores'
  // rooms, so every customer message arrives.
  const { connection, typing, emit } = useConversation(merchantSocketHub, token, {
    self: 'merchant',
    conversationId: selectedId,
    updateMessages: (id, update) =>
      queryClient.setQueryData<TChatMessage[]>(merchantChatKeys.messages(id), (list) =>
        list ? update(list) : list,
      ),
    // A customer's message in the open conversation is read at once: the list is read again after
    // that read mark (below), once; any other message changes the list now (decision 0654).
    onMessage: (message, open) => {
      if (!(open && message.sender === 'customer')) refreshLists();
    },
    onConversation: refreshLists,
    // Back on a new session after a drop: what arrived meanwhile is read again (issue 35).
    onResync: () => void queryClient.invalidateQueries({ queryKey: merchantChatKeys.all }),
    onError: setError,
    onAuthRefused: () => {
      clearMerchantToken();
      setTimeout(() => navigate('/sign-in'), 2000);
    },
  });

  // An open conversation with a customer's message not read yet (on opening, after a reconnect's
  // re-read, or arriving while open) is marked read, then the list read again: one read mark for each
  // such message (the newest one's id is the key), none when nothing is unread.
  const unreadFromCustomer =
    messages.data?.findLast((m) => m.sender === 'customer' && m.status !== 'read')?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshLists only invalidates
  useEffect(() => {
    if (!selectedId || !unreadFromCustomer) return;
    void markConversationRead(selectedId)
      .then(refreshLists)
      .catch(() => undefined);
  }, [selectedId, unreadFromCustomer]);

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
    emit: (event, conversationId) => emit(event, { conversationId }),
  });

  function applyReply(text: string) {
    composer.setDraft(text);
    inputRef.current?.focus();
  }

  return (
    <div className="flex flex-col gap-4">
      {manyStores ? (
        <SelectField
          label={t('store.label')}
          className="max-w-sm"
          value={storeFilter ?? ''}
          onChange={(value) => setParam('store', value || null)}
          options={[
            { value: '', label: t('chat.allStores') },
            ...storeList.map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
      ) : null}

      <div className="grid h-[calc(100dvh-13rem)] min-h-[28rem] grid-cols-1 gap-4 md:grid-cols-[20rem_minmax(0,1fr)]">
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
