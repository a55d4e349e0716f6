import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Words led by a small icon (a place, a category, a date, a note): the icon only decorates, the
 * words say it. `as` is the element the words stand in (a list item, a paragraph, a span); by
 * default a card's small inline fact.
 */
export function IconText({
  icon: Icon,
  as: Tag = 'span',
  className = 'inline-flex items-center gap-1',
  iconClassName = 'size-3.5',
  children,
}: {
  icon: LucideIcon;
  as?: 'span' | 'li' | 'p';
  className?: string;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <Tag className={className}>
      <Icon aria-hidden="true" className={iconClassName} />
      {children}
    </Tag>
  );
}
