import { useT } from '@d3/ui';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarCheck, ChevronDown, Heart, LogOut, type LucideIcon, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useSignOut } from '../lib/api/sign-out-user';
import { LanguageSwitch } from './language-switch';

/** Labels are catalogue ids. */
const SHORTCUTS: Array<{ to: string; icon: LucideIcon; label: string }> = [
  { to: '/profile', icon: UserRound, label: 'account.myProfile' },
  { to: '/profile/bookings', icon: CalendarCheck, label: 'account.myBookings' },
  { to: '/profile/favourites', icon: Heart, label: 'account.favourites' },
];

/** The account's menu: profile shortcuts and Sign out (loaded only for a signed-in visitor). */
export default function AccountMenu() {
  const t = useT();
  const signOut = useSignOut();
  const itemClass =
    'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={t('account.menu')}
          className="focus-ring grid size-8 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <ChevronDown aria-hidden="true" className="size-4" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-48 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {SHORTCUTS.map(({ to, icon: Icon, label }) => (
            <DropdownMenu.Item key={to} asChild className={itemClass}>
              <Link to={to}>
                <Icon aria-hidden="true" className="size-4" />
                {t(label)}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item onSelect={() => void signOut()} className={itemClass}>
            <LogOut aria-hidden="true" className="size-4" />
            {t('account.signOut')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <div className="px-2 py-1.5">
            <LanguageSwitch variant="list" />
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
