import { INTL_LOCALES } from '@d3/shared/i18n/locale';
import { NAIROBI_TIME_ZONE } from '@d3/shared/time/relative-time';
import { useLocale, useT } from '@d3/ui';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * `chatListTime` (packages/shared) in the merchant's language: 'now' under a minute, 'N min ago'
 * under an hour, the Nairobi time of day under 24 hours, else the Nairobi date.
 */
export function useChatTime(): (iso: string | null | undefined, now?: Date) => string {
  const t = useT();
  const tag = INTL_LOCALES[useLocale()];
  return (iso, now = new Date()) => {
    if (!iso) return '';
    const at = new Date(iso);
    if (Number.isNaN(at.getTime())) return '';
    const diffMs = now.getTime() - at.getTime();
    const minutes = Math.floor(diffMs / MINUTE_MS);
    if (minutes < 1) return t('chat.time.now');
    if (minutes < 60) return t('chat.time.minutesAgo', { count: minutes });
    if (diffMs < DAY_MS) {
      return at.toLocaleTimeString(tag, { hour: '2-digit', minute: '2-digit', timeZone: NAIROBI_TIME_ZONE });
    }
    return at.toLocaleDateString(tag, { day: 'numeric', month: 'short', timeZone: NAIROBI_TIME_ZONE });
  };
}
