import { ticksFor, unreadTotal } from '@d3/shared/chat/chat-rules';
import { chatListTime, type TChatMessage, type TConversation } from '@d3/shared/chat/chat-schemas';
import { ChatPaneHeader } from '@d3/ui';
import { clsx } from 'clsx';
import { ArrowLeft, Check, CheckCheck, MessageSquare } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { buttonClass, ErrorState, LoadingState } from '../../../components/ui';
import type { useConversationMessages } from '../api/merchant-chat-api';
import { Avatar } from './conversation-list';

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

/**
 * The inbox's open conversation: the error and reconnecting lines, the welcome when none is open,
 * else its header, its messages with ticks and the typing line, and the composer below.
 */
export function ConversationPane({
  selectedId,
  selected,
  all,
  conversationsPending,
  messages,
  typing,
  error,
  reconnecting,
  endRef,
  onBack,
  composer,
}: {
  selectedId: string | null;
  selected: TConversation | null;
  all: TConversation[];
  conversationsPending: boolean;
  messages: ReturnType<typeof useConversationMessages>;
  typing: boolean;
  error: string | null;
  reconnecting: boolean;
  endRef: RefObject<HTMLDivElement | null>;
  onBack: () => void;
  composer: ReactNode;
}) {
  return (
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
      {reconnecting ? (
        <p role="status" className="mx-3 mt-3 text-sm text-amber-800 dark:text-amber-300">
          Reconnecting...
        </p>
      ) : null}
      {!selected ? (
        <div className="grid flex-1 place-items-center p-6 text-center">
          {selectedId && conversationsPending ? (
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
            onBack={onBack}
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
                        <img src={m.attachmentUrl} alt="Attachment" className="mb-1 max-h-60 rounded-lg" />
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

          {composer}
        </>
      )}
    </section>
  );
}
