import { useT } from '@d3/ui';
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { AccountLinks } from './account-links';
import { Logo } from './logo';
import { NavList } from './nav-list';

/** The drawer's open and close buttons; Radix's `asChild` hands its handlers and ref in through `props`. */
function IconButton({ label, ...props }: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      className="grid size-10 place-items-center rounded-xl text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      {...props}
    />
  );
}

/** Below the lg breakpoint the sidebar folds into this drawer, opened from the top bar. */
export function MobileNavDrawer() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <IconButton label={t('layout.openMenu')}>
          <Menu aria-hidden="true" className="size-6" />
        </IconButton>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white p-4 shadow-xl dark:bg-slate-900">
          <div className="flex items-center justify-between">
            <Logo />
            <Dialog.Close asChild>
              <IconButton label={t('layout.closeMenu')}>
                <X aria-hidden="true" className="size-5" />
              </IconButton>
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">{t('layout.menu')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('layout.menuDescription')}</Dialog.Description>
          <nav aria-label={t('layout.mainNav')} className="flex-1">
            <NavList onNavigate={close} />
          </nav>
          <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
            <AccountLinks onNavigate={close} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
