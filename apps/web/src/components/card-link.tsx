import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The card's title link, stretched over the whole card (which must be `relative`). */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="focus-ring rounded after:absolute after:inset-0 after:content-['']">
      {children}
    </Link>
  );
}
