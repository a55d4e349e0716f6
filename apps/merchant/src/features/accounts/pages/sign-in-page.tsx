import type { TLoginRequest } from '@d3/shared/accounts/accounts-schemas';
import { SignInForm } from '@d3/ui';
import { useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { setMerchantToken, useMerchantToken } from '../../../lib/auth-token';
import { useSignInMerchant } from '../api/merchant-auth';
import { textLinkClass } from '../components/form-fields';
import { AFTER_SIGN_IN_DELAY_MS, merchantRedirectTarget } from '../redirect';

export function SignInPage() {
  const token = useMerchantToken();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignInMerchant();
  const signingIn = useRef(false);
  const target = merchantRedirectTarget(location.search, location.state);
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  if (token && !signingIn.current) return <Navigate to={target} replace />;

  const onSubmit = async (values: TLoginRequest) => {
    const response = await signIn.mutateAsync(values);
    signingIn.current = true;
    setMerchantToken(response.access_token);
    await new Promise((resolve) => window.setTimeout(resolve, AFTER_SIGN_IN_DELAY_MS));
    navigate(target, { replace: true });
  };

  return (
    <>
      <PageHeader title="Sign In" description="Manage your stores, offers and bookings." />
      <SignInForm
        emailLabel="Business e-mail"
        emailPlaceholder="you@yourbusiness.co.ke"
        forgotPasswordLink={
          <Link to="/request-password-reset" className={`${textLinkClass} text-sm`}>
            Forgot password?
          </Link>
        }
        notice={typeof notice === 'string' ? notice : null}
        busy={signingIn.current}
        onSubmit={onSubmit}
      />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        New to D3 Deals?{' '}
        <Link to="/sign-up" className={textLinkClass}>
          Create your business account
        </Link>
      </p>
    </>
  );
}
