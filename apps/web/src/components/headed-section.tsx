import clsx from 'clsx';
import type { ReactNode } from 'react';

/**
 * A page section named by its own <h2> (`aria-labelledby` points at `id`), in the site's section
 * heading look; `headingClassName` adds to that look (a margin below it).
 */
export function HeadedSection({
  id,
  title,
  className,
  headingClassName,
  children,
}: {
  id: string;
  title: string;
  className: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={clsx('text-lg font-bold text-slate-900 dark:text-white', headingClassName)}>
        {title}
      </h2>
      {children}
    </section>
  );
}
