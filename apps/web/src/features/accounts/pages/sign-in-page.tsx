import type { TLoginRequest } from '@d3/shared/accounts/accounts-schemas';
import { SignInForm } from '@d3/ui';
import { LogIn } from 'lucide-react';
import { useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { OrDivider } from '../../../components/form-fields';
import { setToken } from '../../../lib/auth-token';
import { useSession } from '../../../lib/use-session';
import { useSignInUser } from '../api/sign-in-user';
import { AuthShell, authLinkClass } from '../components/auth-shell';
import { GoogleSignInButton } from '../components/google-sign-in';
import { AFTER_SIGN_IN_DELAY_MS, resolveAfterSignIn } from '../lib/auth-redirect';

export function SignInPage() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignInUser();
  // Set while this page itself signs the visitor in, so the signed-in check below waits for the 100 ms redirect.
  const signingIn = useRef(false);
  const target = resolveAfterSignIn(location.search, location.state);

  if (session && !signingIn.current) return <Navigate to={target} replace />;

  const onSubmit = async (values: TLoginRequest) => {
    const response = await signIn.mutateAsync(values);
    signingIn.current = true;
    setToken(response.access_token);
    await new Promise((resolve) => window.setTimeout(resolve, AFTER_SIGN_IN_DELAY_MS));
    navigate(target, { replace: true });
  };

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
      <SignInForm
        emailLabel="Email"
        emailPlaceholder="you@example.com"
        forgotPasswordLink={
          <Link to="/request-password-reset" className={`${authLinkClass} text-sm`}>
            Forgot password?
          </Link>
        }
        busy={signingIn.current}
        onSubmit={onSubmit}
      />
      <OrDivider />
      <GoogleSignInButton
        redirectTo={target}
        onSignedIn={() => {
          signingIn.current = true;
        }}
      />
    </AuthShell>
  );
}
