import { ticksFor } from '@d3/shared/chat/chat-rules';
import type { TChatMessage } from '@d3/shared/chat/chat-schemas';
import { clsx } from 'clsx';
import { Check, CheckCheck, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { useUiT } from './ui-texts';

/**
 * Pieces of the chat screen both sites draw (the customer's chat and the merchant's inbox). Each site
 * keeps its own texts and look: it passes them in.
 */

/** The conversation list's search box; `placeholder` is also its accessible name. */
export function ChatSearchField({
  value,
  onChange,
  placeholder,
  iconClassName,
  inputClassName,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Where the icon sits in the site's input (`top-…`). */
  iconClassName: string;
  inputClassName: string;
}) {
  return (
    <label className="relative m-3 block">
      <Search aria-hidden="true" className={clsx('absolute left-3 size-4 text-slate-400', iconClassName)} />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        className={inputClassName}
      />
    </label>
  );
}

/** The open conversation's header; on a phone its first button goes back to the list. */
export function ChatPaneHeader({
  onBack,
  backLabel,
  backClassName,
  backIcon,
  children,
}: {
  onBack: () => void;
  backLabel: string;
  backClassName: string;
  backIcon: ReactNode;
  children: ReactNode;
}) {
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 p-3 dark:border-slate-800">
      <button type="button" className={backClassName} onClick={onBack} aria-label={backLabel}>
        {backIcon}
      </button>
      {children}
    </header>
  );
}

/** The row of quick replies above the message box: a tap hands the text to `onPick` (to the box). */
export function ChatQuickReplies({
  replies,
  onPick,
  before,
}: {
  replies: readonly string[];
  onPick: (text: string) => void;
  /** A first chip the site adds (the merchant's canned reply). */
  before?: ReactNode;
}) {
  const t = useUiT();
  return (
    <ul aria-label={t('ui.chat.quickReplies')} className="flex gap-2 overflow-x-auto px-3 pt-3 pb-1">
      {before ? <li className="shrink-0">{before}</li> : null}
      {replies.map((text) => (
        <li key={text} className="shrink-0">
          <button
            type="button"
            onClick={() => onPick(text)}
            title={text}
            className="h-8 max-w-60 truncate rounded-full border border-slate-300 px-3 text-xs font-medium whitespace-nowrap text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            {text}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * A sent message's ticks: one when sent, two when delivered or read. `label` names the status in the
 * site's words; `tone` is the site's colour for read and for not yet read.
 */
export function ChatTicks({
  status,
  label,
  tone,
}: {
  status: TChatMessage['status'];
  label: string;
  tone: { read: string; unread: string };
}) {
  const { count, read } = ticksFor(status);
  const Icon = count === 1 ? Check : CheckCheck;
  return (
    <Icon
      role="img"
      aria-label={label}
      data-status={status}
      className={clsx('inline size-3.5', read ? tone.read : tone.unread)}
    />
  );
}
