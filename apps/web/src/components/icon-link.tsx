import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link with its icon before the words: drawn as a button (`btn-primary`, `btn-secondary`), or a back link. */
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

/** A next step offered to the visitor: where it goes, its icon and its words. */
export interface TLinkAction {
  to: string;
  icon: LucideIcon;
  label: string;
}

/** A row's next steps as buttons: the first the primary one, the others secondary. */
export function ActionLinks({ actions }: { actions: TLinkAction[] }) {
  return actions.map((action, index) => (
    <IconLink
      key={action.to}
      to={action.to}
      icon={action.icon}
      className={index === 0 ? 'btn-primary' : 'btn-secondary'}
    >
      {action.label}
    </IconLink>
  ));
}
