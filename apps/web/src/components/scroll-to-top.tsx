import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Every route change starts at the top (seed 000 §2 Global). A #fragment is left to the page to scroll to. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useLayoutEffect(() => {
    if (hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}
