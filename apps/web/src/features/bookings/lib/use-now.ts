import { useEffect, useState } from 'react';

/** The time now, re-read every `everyMs` while `running` (a countdown's clock; no request is made). */
export function useNow(everyMs: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, running]);
  return now;
}
