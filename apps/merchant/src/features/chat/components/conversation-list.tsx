import type { TConversation } from '@d3/shared/chat/chat-schemas';
import { ChatSearchField, useT } from '@d3/ui';
import { clsx } from 'clsx';
import { useMemo } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui';
import { useChatTime } from '../../../lib/use-chat-time';
import type { useMerchantConversations } from '../api/merchant-chat-api';

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

export function Avatar({ name, online }: { name: string; online: boolean }) {
  const t = useT();
  return (
    <span className="relative shrink-0">
      <span className="grid size-10 place-items-center rounded-full bg-orange-100 font-semibold text-orange-800 dark:bg-orange-500/15 dark:text-orange-300">
        {name.slice(0, 1).toUpperCase()}
      </span>
      {online ? (
        <span className="absolute right-0 bottom-0 size-2.5 rounded-full bg-green-500 ring-2 ring-white dark:ring-slate-900">
          <span className="sr-only">{t('chat.online')}</span>
        </span>
      ) : null}
    </span>
  );
}

/** The inbox's list: search, the loading / error / empty states and one row per conversation. */
export function ConversationList({
  conversations,
  filter,
  onFilter,
  selectedId,
  onSelect,
  manyStores,
}: {
  conversations: ReturnType<typeof useMerchantConversations>;
  filter: string;
  onFilter: (value: string) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  manyStores: boolean;
}) {
  const t = useT();
  const chatTime = useChatTime();
  const all = conversations.data ?? [];
  const list = useMemo(() => filterMerchantConversations(all, filter), [all, filter]);
  return (
    <aside
      aria-label={t('chat.conversations')}
      className={clsx(
        'flex min-h-0 min-w-0 flex-col rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
        selectedId && 'max-md:hidden',
      )}
    >
      <ChatSearchField
        value={filter}
        onChange={onFilter}
        placeholder={t('chat.search')}
        iconClassName="top-3"
        inputClassName="block h-10 w-full rounded-xl border border-slate-300 bg-white pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-orange-600 sm:text-sm dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {conversations.isPending ? (
          <div className="p-3">
            <LoadingState label={t('chat.loadingConversations')} />
          </div>
        ) : conversations.isError ? (
          <div className="p-3">
            <ErrorState message={t('chat.chatsFailed')} onRetry={() => void conversations.refetch()} />
          </div>
        ) : all.length === 0 ? (
          <div className="p-3">
            <EmptyState title={t('chat.emptyTitle')}>{t('chat.emptyBody')}</EmptyState>
          </div>
        ) : list.length === 0 ? (
          <p className="p-4 text-sm text-slate-600 dark:text-slate-400">{t('chat.noMatch')}</p>
        ) : (
          <ul>
            {list.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onSelect(c.id)}
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
                      <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                        {chatTime(c.lastMessageTime)}
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
                          <span className="sr-only"> {t('chat.unread')}</span>
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
  );
}
