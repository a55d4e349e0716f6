import { useT } from '@d3/ui';
import type { ReactNode } from 'react';

/** A link that opens in a new tab (the merchant site, a social page) and says so to screen readers. */
export function NewTabLink({
  href,
  className,
  children,
}: {
  href: string;
  className: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> {t('common.newTab')}</span>
    </a>
  );
}
