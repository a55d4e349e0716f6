import { SignInForm, usePasswordSignIn, useT } from '@d3/ui';
import { LogIn } from 'lucide-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { OrDivider } from '../../../components/form-fields';
import { setToken } from '../../../lib/auth-token';
import { useSession } from '../../../lib/use-session';
import { useSignInUser } from '../api/sign-in-user';
import { AuthShell, authLinkClass } from '../components/auth-shell';
import { GoogleSignInButton } from '../components/google-sign-in';
import { resolveAfterSignIn } from '../lib/auth-redirect';

export function SignInPage() {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignInUser();
  const target = resolveAfterSignIn(location.search, location.state);
  // While this page itself signs the visitor in, the signed-in check below waits for the 100 ms redirect.
  const flow = usePasswordSignIn({
    signedIn: session !== null,
    signIn: signIn.mutateAsync,
    saveToken: setToken,
    goOn: () => navigate(target, { replace: true }),
  });

  if (flow.alreadySignedIn) return <Navigate to={target} replace />;

  const signUpHref = `/accounts/sign-up${target !== '/' ? `?redirect=${encodeURIComponent(target)}` : ''}`;

  return (
    <AuthShell
      title={t('accounts.signIn.title')}
      icon={LogIn}
      lead={t('accounts.signIn.lead')}
      footer={
        <>
          {t('accounts.signIn.new')}{' '}
          <Link to={signUpHref} className={authLinkClass}>
            {t('accounts.signIn.create')}
          </Link>
        </>
      }
    >
      <SignInForm
        emailLabel={t('accounts.email')}
        emailPlaceholder={t('newsletter.placeholder')}
        linkComponent={Link}
        {...flow.form}
      />
      <OrDivider />
      <GoogleSignInButton redirectTo={target} onSignedIn={flow.markSigningIn} />
    </AuthShell>
  );
}
