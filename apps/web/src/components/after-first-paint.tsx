import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders `children` only after the browser has painted once (two animation frames), holding
 * their place with an empty block meanwhile. The home page draws its hero first this way, so on a
 * slow phone the largest image shows before the sections below the fold are built; the
 * placeholder keeps the footer out of view, so nothing visible moves.
 */
export function AfterFirstPaint({
  children,
  placeholderClassName,
}: {
  children: ReactNode;
  placeholderClassName: string;
}) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => {
      // In a transition, so building them is sliced too and never one long task.
      second = requestAnimationFrame(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  return painted ? children : <div aria-hidden="true" className={placeholderClassName} />;
}
