import clsx from 'clsx';
import type { ReactNode } from 'react';

/** A status in a small coloured pill (a booking's, a service request's); `tone` gives its colours. */
export function StatusPill({
  tone,
  className,
  children,
}: {
  tone: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tone,
        className,
      )}
    >
      {children}
    </span>
  );
}
