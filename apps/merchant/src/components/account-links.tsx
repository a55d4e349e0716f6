import { useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, LogIn, LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { clearMerchantToken, useMerchantToken } from '../lib/auth-token';
import { LanguageSwitch } from './language-switch';

const linkClass =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';

type TAccountLinksProps = {
  onNavigate?: () => void;
};

/** Sign in / sign out and the way back to the customer site, at the foot of the sidebar and drawer. */
export function AccountLinks({ onNavigate }: TAccountLinksProps) {
  const t = useT();
  const token = useMerchantToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return (
    <ul className="flex flex-col gap-1">
      <li>
        {/* The customer site lives outside this router's basename, so a plain link. */}
        <a href="/" className={linkClass} onClick={onNavigate}>
          <ExternalLink aria-hidden="true" className="size-5 shrink-0" />
          {t('account.customerSite')}
        </a>
      </li>
      <li>
        {token ? (
          <button
            type="button"
            className={linkClass}
            onClick={() => {
              clearMerchantToken();
              // Nothing of this merchant's data may show to whoever signs in next on this browser.
              queryClient.removeQueries({ queryKey: ['merchants'] });
              onNavigate?.();
              navigate('/sign-in');
            }}
          >
            <LogOut aria-hidden="true" className="size-5 shrink-0" />
            {t('account.signOut')}
          </button>
        ) : (
          <Link to="/sign-in" className={linkClass} onClick={onNavigate}>
            <LogIn aria-hidden="true" className="size-5 shrink-0" />
            {t('account.signIn')}
          </Link>
        )}
      </li>
      <li className="px-3 pt-2">
        <LanguageSwitch />
      </li>
    </ul>
  );
}
