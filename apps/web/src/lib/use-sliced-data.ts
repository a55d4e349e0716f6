import { useDeferredValue } from 'react';

/**
 * A query's answer handed to a section in slices. TanStack Query delivers an answer in a synchronous
 * render, so a section built from it (cards, images, links) is one long task on a phone. Deferred, the
 * render the answer causes still shows the loading state, and React builds the section in a background
 * render it can pause for the browser (issue 16: the home page's Featured Offers and Top Stores).
 * `arriving` is true between the two: show the loading state then.
 */
export function useSlicedData<T>(data: T | undefined): { data: T | undefined; arriving: boolean } {
  const deferred = useDeferredValue(data);
  return { data: deferred, arriving: data !== undefined && deferred === undefined };
}
