import { SignInForm, usePasswordSignIn } from '@d3/ui';
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
      title="Sign In"
      icon={LogIn}
      lead="Welcome back! Sign in to book deals, chat with stores and track your rewards."
      footer={
        <>
          New to D3 Deals?{' '}
          <Link to={signUpHref} className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <SignInForm emailLabel="Email" emailPlaceholder="you@example.com" linkComponent={Link} {...flow.form} />
      <OrDivider />
      <GoogleSignInButton redirectTo={target} onSignedIn={flow.markSigningIn} />
    </AuthShell>
  );
}
