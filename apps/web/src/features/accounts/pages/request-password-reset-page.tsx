import { ACCOUNT_MESSAGES } from '@d3/shared/accounts/accounts-schemas';
import { usePasswordReset, useT } from '@d3/ui';
import { KeyRound, MailCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { userErrorMessage } from '../../../lib/generic-error-message';
import { siteText } from '../../../lib/site-i18n';
import { toastSuccess } from '../../../lib/toast';
import { useRequestPasswordReset, useResetPassword } from '../api/reset-password';
import { AuthShell, authLinkClass } from '../components/auth-shell';

/** In the page's language (locales/accounts). */
export const RESET_TEXTS = {
  get codeSent() {
    return siteText('accounts.reset.codeSent');
  },
  get done() {
    return siteText('accounts.reset.done');
  },
};

/** The server's "done" words in the page's language; other words it sends as they are. */
function doneText(message: string | undefined): string {
  if (!message) return RESET_TEXTS.done;
  return message === ACCOUNT_MESSAGES.passwordResetDone ? siteText('accounts.reset.serverDone') : message;
}

/** Step 1 asks for the e-mail; step 2 takes the code and the new password twice. */
export function RequestPasswordResetPage() {
  const t = useT();
  const navigate = useNavigate();
  const { email, steps } = usePasswordReset({
    emailLabel: t('accounts.email'),
    emailPlaceholder: t('newsletter.placeholder'),
    problemText: userErrorMessage,
    request: useRequestPasswordReset(),
    reset: useResetPassword(),
    afterReset: (message) => {
      toastSuccess(doneText(message));
      navigate('/accounts/sign-in', { replace: true });
    },
  });
  return (
    <AuthShell
      title={t('accounts.reset.title')}
      icon={email ? MailCheck : KeyRound}
      lead={email ? RESET_TEXTS.codeSent : t('accounts.reset.lead')}
      footer={
        <Link to="/accounts/sign-in" className={authLinkClass}>
          {t('accounts.reset.back')}
        </Link>
      }
    >
      {steps}
    </AuthShell>
  );
}
