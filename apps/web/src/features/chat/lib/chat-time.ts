import { chatListTime } from '@d3/shared/chat/chat-schemas';
import { INTL_LOCALES } from '@d3/shared/i18n/locale';
import { useLocale, useT } from '@d3/ui';

/** `chatListTime` (seed 000 §4) in the page's language: 'now' / 'sasa', '5 min ago' / 'dak 5 zilizopita'. */
export function useChatTime(): (iso: string | null | undefined) => string {
  const t = useT();
  const intl = INTL_LOCALES[useLocale()];
  const words = {
    intl,
    now: t('chat.time.now'),
    minutesAgo: (count: number) => t('chat.time.minutesAgo', { count }),
  };
  return (iso) => chatListTime(iso, new Date(), words);
}
