import { unreadTotal } from '@d3/shared/chat/chat-rules';
import type { TConversation } from '@d3/shared/chat/chat-schemas';
import { ChatPaneHeader, ChatTicks, useT } from '@d3/ui';
import { clsx } from 'clsx';
import { ArrowLeft, MessageSquare } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { buttonClass, ErrorState, LoadingState } from '../../../components/ui';
import { useChatTime } from '../../../lib/use-chat-time';
import type { useConversationMessages } from '../api/merchant-chat-api';
import { Avatar } from './conversation-list';

/** The ticks' colours on the merchant's orange bubble. */
const TICK_TONE = { read: 'text-sky-300', unread: 'text-current opacity-80' };

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
  const t = useT();
  const chatTime = useChatTime();
  return (
    <section
      aria-label={
        selected ? t('chat.conversationWith', { name: selected.customer.name }) : t('chat.conversation')
      }
      className={clsx(
        'flex min-h-0 min-w-0 flex-col rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
        !selectedId && 'max-md:hidden',
      )}
    >
      {error ? <ErrorState className="m-3" message={error} /> : null}
      {reconnecting ? (
        <p role="status" className="mx-3 mt-3 text-sm text-amber-800 dark:text-amber-300">
          {t('chat.reconnecting')}
        </p>
      ) : null}
      {!selected ? (
        <div className="grid flex-1 place-items-center p-6 text-center">
          {selectedId && conversationsPending ? (
            <LoadingState label={t('chat.loadingConversation')} />
          ) : (
            <div>
              <MessageSquare aria-hidden="true" className="mx-auto size-10 text-orange-700" />
              <h2 className="mt-2 text-lg font-semibold text-slate-900 dark:text-white">
                {t('chat.welcomeTitle')}
              </h2>
              {/* The counts once known: "0 unread messages in 0 conversations" while loading was untrue. */}
              {conversationsPending ? null : (
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="chat-welcome">
                  {t('chat.welcomeBody', { unread: unreadTotal(all), conversations: all.length })}
                </p>
              )}
            </div>
          )}
        </div>
      ) : (
        <>
          <ChatPaneHeader
            onBack={onBack}
            backLabel={t('chat.back')}
            backClassName={clsx(buttonClass('ghost', true), 'md:hidden')}
            backIcon={<ArrowLeft aria-hidden="true" className="size-5" />}
          >
            <Avatar name={selected.customer.name} online={selected.customer.online} />
            <div className="min-w-0">
              <h2 className="truncate font-semibold text-slate-900 dark:text-white">
                {selected.customer.name}
              </h2>
              <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                {selected.customer.online ? t('chat.online') : t('chat.offline')} · {selected.store.name}
              </p>
            </div>
          </ChatPaneHeader>

          <div className="min-h-0 flex-1 space-y-2 overflow-y-auto p-3" aria-live="polite">
            {messages.isPending ? <LoadingState label={t('chat.loadingMessages')} /> : null}
            {messages.isError ? (
              <ErrorState message={t('chat.messagesFailed')} onRetry={() => void messages.refetch()} />
            ) : null}
            {messages.data?.length === 0 ? (
              <p className="text-center text-sm text-slate-600 dark:text-slate-400">{t('chat.noMessages')}</p>
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
                          alt={t('chat.attachment')}
                          className="mb-1 max-h-60 rounded-lg"
                        />
                      </a>
                    ) : null}
                    {m.content ? <p>{m.content}</p> : null}
                    <span className="mt-1 flex items-center justify-end gap-1 text-[0.6875rem]">
                      {chatTime(m.createdAt)}
                      {mine ? (
                        <ChatTicks status={m.status} label={t(`chat.status.${m.status}`)} tone={TICK_TONE} />
                      ) : null}
                    </span>
                  </div>
                </div>
              );
            })}
            {typing ? (
              <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="typing">
                {t('chat.typing', { name: selected.customer.name })}
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
