import { SignUpForm, useLocale, useT } from '@d3/ui';
import { UserPlus } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { OrDivider } from '../../../components/form-fields';
import { setToken } from '../../../lib/auth-token';
import { userErrorMessage } from '../../../lib/generic-error-message';
import { siteText } from '../../../lib/site-i18n';
import { useRegisterUser } from '../api/register-user';
import { AuthShell, authLinkClass } from '../components/auth-shell';
import { GoogleSignInButton } from '../components/google-sign-in';
import { safeRedirectPath } from '../lib/auth-redirect';

/** Shown on the verify page after sign-up, in the page's language (locales/accounts). */
export const SIGN_UP_TEXTS = {
  get otpSent() {
    return siteText('accounts.signUp.otpSent');
  },
};

export function SignUpPage() {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const referralSlug = searchParams.get('ref')?.trim() || undefined;
  // Sign-up reached from sign-in keeps where the visitor was going (e.g. the booking wizard), issue 15.
  const returnUrl = safeRedirectPath(searchParams.get('redirect')) ?? '/';
  const registerUser = useRegisterUser();
  // The account speaks the language of the page it was made on: its SMS code, its pages after.
  const locale = useLocale();

  return (
    <AuthShell
      title={t('accounts.signUp.title')}
      icon={UserPlus}
      lead={t('accounts.signUp.lead')}
      footer={
        <>
          {t('accounts.signUp.haveAccount')}{' '}
          <Link to="/accounts/sign-in" className={authLinkClass}>
            {t('accounts.signUp.signIn')}
          </Link>
        </>
      }
    >
      <SignUpForm
        emailLabel={t('accounts.email')}
        emailPlaceholder={t('newsletter.placeholder')}
        termsLink={(href, text, className) => (
          <Link to={href} target="_blank" className={className}>
            {text}
          </Link>
        )}
        submitLabel={t('accounts.signUp.submit')}
        problemText={userErrorMessage}
        onSubmit={async (account) => {
          // The confirmation and the terms tick stay in the browser; only the account goes to the server.
          const response = await registerUser.mutateAsync({ ...account, referralSlug, locale });
          setToken(response.access_token);
          navigate('/accounts/verify-otp', {
            state: {
              phone: response.user.phoneNumber ?? account.phoneNumber,
              message: SIGN_UP_TEXTS.otpSent,
              returnUrl,
            },
          });
        }}
      />
      <OrDivider />
      <GoogleSignInButton redirectTo={returnUrl} referralSlug={referralSlug} />
    </AuthShell>
  );
}
