import { Children, type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/**
 * How far below the screen a part waiting for the reader (`whenNear`) starts to be built: one screen
 * height, so it is there before a scroll reaches it.
 */
const NEAR_MARGIN = '0px 0px 100% 0px';

/**
 * Renders `children` only after the browser has painted once (two animation frames), holding
 * their place with an empty block meanwhile. The home page draws its hero first this way, so on a
 * slow phone the largest image shows before the sections below the fold are built; the
 * placeholder keeps the footer out of view, so nothing visible moves.
 *
 * The children come one at a time, each in a task and a commit of its own (issue 32): built in a
 * transition, React slices the rendering, but it puts a whole update into the page in one go, and
 * the home page's ~1,000 elements below the fold were one long task (most of its total blocking
 * time). The placeholder stays below the ones built until the last is in.
 *
 * With `whenNear`, a part is built only while the placeholder is within a screen of the viewport:
 * what lies far below the first screen (the All Stores page's 21 random stores, 640 elements and 21
 * pictures) costs a phone nothing, nor its data, until the reader scrolls towards it (issue 32).
 * A browser without IntersectionObserver builds every part, as without `whenNear`.
 */
export function AfterFirstPaint({
  children,
  placeholderClassName,
  whenNear = false,
}: {
  children: ReactNode;
  /** An empty block holding the parts' place until the last is in; none when not given. */
  placeholderClassName?: string;
  /** Build each part only once the placeholder nears the viewport. */
  whenNear?: boolean;
}) {
  const parts = Children.toArray(children);
  const [shown, setShown] = useState(0);
  const [near, setNear] = useState(!whenNear);
  const placeholder = useRef<HTMLDivElement>(null);
  const done = shown >= parts.length;

  useEffect(() => {
    if (!whenNear || done) return;
    const target = placeholder.current;
    if (!target || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    // Called once at the start with where the placeholder is, then each time it crosses the margin.
    const observer = new IntersectionObserver(
      (entries) => setNear(entries.some((entry) => entry.isIntersecting)),
      {
        rootMargin: NEAR_MARGIN,
      },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [whenNear, done]);

  useEffect(() => {
    if (done || !near) return;
    const next = () => startTransition(() => setShown((count) => count + 1));
    if (shown > 0) {
      // The next part in a task of its own, so a tap between two parts is answered at once.
      const timer = setTimeout(next, 0);
      return () => clearTimeout(timer);
    }
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(next);
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [shown, done, near]);

  return (
    <>
      {parts.slice(0, shown)}
      {(placeholderClassName || whenNear) && !done ? (
        <div ref={placeholder} aria-hidden="true" className={placeholderClassName} />
      ) : null}
    </>
  );
}
