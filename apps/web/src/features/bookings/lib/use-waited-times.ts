import { useT } from '@d3/ui';
import { useSession } from '../../../lib/use-session';
import { useMyWaits } from '../api/waitlist';
import { normalizeTime } from './booking-dates';
import { type TWaitTarget, waitForSlot } from './waitlist-rules';

/**
 * The times of a day's slot list the signed-in customer is waiting for (issue 36), with the label
 * the slot grid shows on them.
 */
export function useWaitedTimes(
  target: TWaitTarget | null,
  slots: ReadonlyArray<{ time?: string | null; startTime: string; available: number }>,
): { has: (time: string) => boolean; label: string } {
  const t = useT();
  const token = useSession()?.token ?? null;
  // Only a full time can be waited for: a day with none asks nothing.
  const anyFull = slots.some((slot) => slot.available <= 0);
  const waits = useMyWaits(target && anyFull ? token : null).data ?? [];
  const times = new Set(
    target && waits.length
      ? slots
          .filter((slot) => waitForSlot(waits, { ...target, startTime: slot.startTime }))
          .map((slot) => normalizeTime(slot.time ?? slot.startTime))
      : [],
  );
  return { has: (time) => times.has(time), label: t('waitlist.onIt') };
}
