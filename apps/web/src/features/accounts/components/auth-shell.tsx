import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';

interface AuthShellProps {
  /** The page's one h1 and the first part of the tab title. */
  title: string;
  lead?: ReactNode;
  icon: LucideIcon;
  children: ReactNode;
  /** Links under the card ("Already have an account? Sign in"). */
  footer?: ReactNode;
}

/** The accounts pages' frame: full width on phones, one centred card from the sm breakpoint up. */
export function AuthShell({ title, lead, icon: Icon, children, footer }: AuthShellProps) {
  useDocumentTitle(title);
  return (
    <div className="bg-white sm:bg-gradient-to-b sm:from-orange-50 sm:via-slate-50 sm:to-slate-50 dark:bg-slate-900 sm:dark:from-slate-900 sm:dark:via-slate-950 sm:dark:to-slate-950">
      <div className="mx-auto w-full max-w-md px-4 py-8 sm:px-0 sm:py-14">
        <section
          aria-labelledby="auth-heading"
          className="sm:rounded-2xl sm:border sm:border-slate-200 sm:bg-white sm:p-8 sm:shadow-xl sm:shadow-orange-900/5 dark:sm:border-slate-800 dark:sm:bg-slate-900 dark:sm:shadow-black/30"
        >
          <header className="mb-6 text-center">
            <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h1
              id="auth-heading"
              className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-[1.75rem] dark:text-white"
            >
              {title}
            </h1>
            {lead && <p className="mt-2 text-sm text-slate-600 sm:text-base dark:text-slate-300">{lead}</p>}
          </header>
          {children}
        </section>
        {footer && (
          <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">{footer}</div>
        )}
      </div>
    </div>
  );
}

/** A text link in the accounts pages' colours. */
export const authLinkClass =
  'focus-ring rounded font-semibold text-orange-700 underline-offset-2 hover:text-orange-800 hover:underline dark:text-orange-400 dark:hover:text-orange-300';
