import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link drawn as a button (`btn-primary`, `btn-secondary`) with its icon before the words. */
export function IconLink({
  to,
  icon: Icon,
  className,
  children,
}: {
  to: string;
  icon: LucideIcon;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={className}>
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
