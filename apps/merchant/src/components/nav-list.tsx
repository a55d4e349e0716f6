import { useT } from '@d3/ui';
import { clsx } from 'clsx';
import { NavLink } from 'react-router';
import { NAV_ITEMS } from './nav-items';

type TNavListProps = {
  onNavigate?: () => void;
};

export function NavList({ onNavigate }: TNavListProps) {
  const t = useT();
  return (
    <ul className="flex flex-col gap-1">
      {NAV_ITEMS.map(({ label, to, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={to === '/'}
            onClick={onNavigate}
            className={({ isActive }) =>
              clsx(
                'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors',
                isActive
                  ? 'bg-orange-50 text-orange-700 dark:bg-orange-500/10 dark:text-orange-400'
                  : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
              )
            }
          >
            <Icon aria-hidden="true" className="size-5 shrink-0" />
            {t(label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
