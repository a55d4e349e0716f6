import { intlFormats, useLocale, useT } from '@d3/ui';
import { RefreshCw } from 'lucide-react';

/** A waited slot's day and time in the reader's language: 'Thu 28 Nov, 10:00'. */
export function useSlotWhen(): (startTime: string) => string {
  const format = intlFormats(useLocale());
  return (startTime) =>
    format.date(new Date(startTime), {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
}

/**
 * The customer's waits could not be read (My Bookings, a slot's waitlist card, the wizard opened
 * from an offer): the words and a retry. `className` places and tones the alert.
 */
export function WaitlistLoadFailed({ className, onRetry }: { className: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className={className}>
      <p>{t('waitlist.loadFailed')}</p>
      <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('waitlist.retry')}
      </button>
    </div>
  );
}
