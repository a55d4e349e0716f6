import { Children, type ReactNode, startTransition, useEffect, useState } from 'react';

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
 */
export function AfterFirstPaint({
  children,
  placeholderClassName,
}: {
  children: ReactNode;
  /** An empty block holding the parts' place until the last is in; none when not given. */
  placeholderClassName?: string;
}) {
  const parts = Children.toArray(children);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= parts.length) return;
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
  }, [shown, parts.length]);
  return (
    <>
      {parts.slice(0, shown)}
      {placeholderClassName && shown < parts.length ? (
        <div aria-hidden="true" className={placeholderClassName} />
      ) : null}
    </>
  );
}
