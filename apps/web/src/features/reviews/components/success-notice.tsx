import { CircleCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { REVIEW_SUCCESS_MS } from '../lib/review-messages';

export interface TNotice {
  text: string;
  /** 'form' for a new review, else the id of the review that was edited. */
  target: string;
}

/** A success message that removes itself after 5 s (seed 000 §2 "Reviews panel"). */
export function useTransientNotice(durationMs = REVIEW_SUCCESS_MS) {
  const [notice, setNotice] = useState<TNotice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: TNotice) => {
      clearTimeout(timer.current);
      setNotice(next);
      timer.current = setTimeout(() => setNotice(null), durationMs);
    },
    [durationMs],
  );
  return [notice, show] as const;
}

export function SuccessNotice({ text }: { text: string }) {
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200"
    >
      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      {text}
    </p>
  );
}
