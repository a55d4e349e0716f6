import { type TLoginRequest, ZLoginRequest } from '@d3/shared/accounts/accounts-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { setMerchantToken, useMerchantToken } from '../../../lib/auth-token';
import { useSignInMerchant } from '../api/merchant-auth';
import {
  FormAlert,
  PasswordField,
  primaryButtonClass,
  TextField,
  textLinkClass,
} from '../components/form-fields';
import { AFTER_SIGN_IN_DELAY_MS, merchantRedirectTarget } from '../redirect';

export function SignInPage() {
  const token = useMerchantToken();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignInMerchant();
  const [problem, setProblem] = useState<string | null>(null);
  const signingIn = useRef(false);
  const target = merchantRedirectTarget(location.search, location.state);
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TLoginRequest, unknown, z.output<typeof ZLoginRequest>>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
  });

  if (token && !signingIn.current) return <Navigate to={target} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const response = await signIn.mutateAsync(values);
      signingIn.current = true;
      setMerchantToken(response.access_token);
      await new Promise((resolve) => window.setTimeout(resolve, AFTER_SIGN_IN_DELAY_MS));
      navigate(target, { replace: true });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'An unexpected error occurred');
    }
  });

  const busy = isSubmitting || signingIn.current;
  return (
    <>
      <PageHeader title="Sign In" description="Manage your stores, offers and bookings." />
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormAlert message={typeof notice === 'string' && !problem ? notice : null} tone="success" />
        <FormAlert message={problem} />
        <TextField
          label="Business e-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          placeholder="you@yourbusiness.co.ke"
          registration={register('email')}
          error={errors.email?.message}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
          labelAside={
            <Link to="/request-password-reset" className={`${textLinkClass} text-sm`}>
              Forgot password?
            </Link>
          }
        />
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        New to D3 Deals?{' '}
        <Link to="/sign-up" className={textLinkClass}>
          Create your business account
        </Link>
      </p>
    </>
  );
}
