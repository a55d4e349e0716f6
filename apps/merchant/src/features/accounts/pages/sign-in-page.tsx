import { SignInForm, usePasswordSignIn, useT } from '@d3/ui';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { setMerchantToken, useMerchantToken } from '../../../lib/auth-token';
import { useSignInMerchant } from '../api/merchant-auth';
import { textLinkClass } from '../components/form-fields';
import { merchantRedirectTarget } from '../redirect';

export function SignInPage() {
  const t = useT();
  const token = useMerchantToken();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignInMerchant();
  const target = merchantRedirectTarget(location.search, location.state);
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  const flow = usePasswordSignIn({
    signedIn: Boolean(token),
    signIn: signIn.mutateAsync,
    saveToken: setMerchantToken,
    goOn: () => navigate(target, { replace: true }),
  });

  if (flow.alreadySignedIn) return <Navigate to={target} replace />;

  return (
    <>
      <PageHeader title={t('auth.signIn.title')} description={t('auth.signIn.description')} />
      <SignInForm
        emailLabel={t('auth.businessEmail')}
        emailPlaceholder="you@yourbusiness.co.ke"
        linkComponent={Link}
        notice={typeof notice === 'string' ? notice : null}
        {...flow.form}
      />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {t('auth.signIn.new')}{' '}
        <Link to="/sign-up" className={textLinkClass}>
          {t('auth.signUp.title')}
        </Link>
      </p>
    </>
  );
}
