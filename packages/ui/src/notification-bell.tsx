import { badgeText, sortNotifications } from '@d3/shared/notifications/notification-rules';
import type { TNotification } from '@d3/shared/notifications/notification-schemas';
import { clsx } from 'clsx';
import { Bell } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTimeAgo, useUiT } from './ui-texts';

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-offset-slate-900';

export type TNotificationBellViewProps = {
  notifications: TNotification[] | undefined;
  unread: number;
  loading: boolean;
  /** A row was clicked: the site marks it read and follows its link. */
  onFollow: (notification: TNotification) => void;
  onMarkAllRead: () => void;
  /** Under the list (the customer site offers browser notifications there). */
  footer?: ReactNode;
  /** Which edge of the bell the panel lines up with (left in a sidebar). */
  align?: 'left' | 'right';
};

/**
 * The bell of both sites (seed 000 §2 "Notification bell", seed 001 §4 "Notifications"): red badge
 * with the unread count or 9+; a panel of the newest, highest priority first, a blue dot on unread
 * ones; Escape or a click outside closes it. Each site brings its own data hooks.
 */
export function NotificationBellView({
  notifications,
  unread,
  loading,
  onFollow,
  onMarkAllRead,
  footer,
  align = 'right',
}: TNotificationBellViewProps) {
  const t = useUiT();
  const timeAgo = useTimeAgo();
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!panelRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const badge = badgeText(unread);
  const items = sortNotifications(notifications ?? []);

  return (
    <div ref={panelRef} className="relative">
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-haspopup="true"
        className={clsx(
          focusRing,
          'relative grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
        )}
      >
        <Bell aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('ui.bell.title')}</span>
        {badge && (
          <span
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
          >
            {badge}
            <span className="sr-only"> {t('ui.bell.unreadCount')}</span>
          </span>
        )}
      </button>
      {open && (
        <section
          aria-label={t('ui.bell.title')}
          className={clsx(
            align === 'right' ? 'right-0' : 'left-0',
            'absolute z-50 mt-2 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
          )}
        >
          <header className="flex items-center justify-between border-b border-slate-100 px-4 py-3 dark:border-slate-800">
            <h2 className="text-base font-semibold">{t('ui.bell.title')}</h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={onMarkAllRead}
                className={clsx(
                  focusRing,
                  'rounded text-sm font-medium text-orange-700 hover:underline dark:text-orange-300',
                )}
              >
                {t('ui.bell.markAllRead')}
              </button>
            )}
          </header>
          {loading ? (
            <p role="status" className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
              {t('ui.bell.loading')}
            </p>
          ) : items.length === 0 ? (
            <div className="px-4 py-8 text-center">
              <p className="font-medium">{t('ui.bell.emptyTitle')}</p>
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('ui.bell.emptyBody')}</p>
            </div>
          ) : (
            <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
              {items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => {
                      setOpen(false);
                      onFollow(n);
                    }}
                    className={clsx(
                      focusRing,
                      'flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-800',
                      !n.read && 'bg-orange-50/40 dark:bg-slate-800/40',
                    )}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold">{n.title}</span>
                      <span className="line-clamp-2 block text-sm text-slate-600 dark:text-slate-300">
                        {n.message}
                      </span>
                      <span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">
                        {timeAgo(n.createdAt)}
                      </span>
                    </span>
                    {!n.read && (
                      <span
                        data-testid="unread-dot"
                        className="mt-1.5 size-2.5 shrink-0 rounded-full bg-blue-600"
                      >
                        <span className="sr-only">{t('ui.bell.unread')}</span>
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {footer ? (
            <footer className="border-t border-slate-100 px-4 py-2 dark:border-slate-800">{footer}</footer>
          ) : null}
        </section>
      )}
    </div>
  );
}
