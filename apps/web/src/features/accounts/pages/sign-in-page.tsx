import { type TLoginRequest, ZLoginRequest } from '@d3/shared/accounts/accounts-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormAlert, OrDivider, PasswordField, TextField } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-client';
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
  const [problem, setProblem] = useState<string | null>(null);
  // Set while this page itself signs the visitor in, so the signed-in check below waits for the 100 ms redirect.
  const signingIn = useRef(false);
  const target = resolveAfterSignIn(location.search, location.state);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TLoginRequest, unknown, z.output<typeof ZLoginRequest>>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
  });

  if (session && !signingIn.current) return <Navigate to={target} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const response = await signIn.mutateAsync(values);
      signingIn.current = true;
      setToken(response.access_token);
      await new Promise((resolve) => window.setTimeout(resolve, AFTER_SIGN_IN_DELAY_MS));
      navigate(target, { replace: true });
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'An unexpected error occurred');
    }
  });

  const busy = isSubmitting || signingIn.current;
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
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormAlert message={problem} />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          placeholder="you@example.com"
          registration={register('email')}
          error={errors.email?.message}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
          labelAside={
            <Link to="/request-password-reset" className={`${authLinkClass} text-sm`}>
              Forgot password?
            </Link>
          }
        />
        <button type="submit" disabled={busy} className="btn-primary h-11 w-full text-[0.9375rem]">
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
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
