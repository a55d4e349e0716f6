import { ACCOUNT_MESSAGES, type TSignUpForm, ZSignUpForm } from '@d3/shared/accounts/accounts-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FieldError, FormAlert, OrDivider, PasswordField, TextField } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { mapRegisterFieldErrors } from '../../../lib/server-field-errors';
import { useRegisterUser } from '../api/register-user';
import { AuthShell, authLinkClass } from '../components/auth-shell';
import { GoogleSignInButton } from '../components/google-sign-in';

export const OTP_SENT_MESSAGE = 'We sent a 6-digit code to your phone.';

export function SignUpPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const referralSlug = searchParams.get('ref')?.trim() || undefined;
  const registerUser = useRegisterUser();
  const [problem, setProblem] = useState<string | null>(null);
  const termsId = useId();

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TSignUpForm, unknown, z.output<typeof ZSignUpForm>>({
    resolver: zodResolver(ZSignUpForm),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, acceptTerms: _terms, ...account }) => {
    setProblem(null);
    try {
      // The confirmation and the terms tick stay in the browser; only the account goes to the server.
      const response = await registerUser.mutateAsync({ ...account, referralSlug });
      setToken(response.access_token);
      navigate('/accounts/verify-otp', {
        state: { phone: response.user.phoneNumber ?? account.phoneNumber, message: OTP_SENT_MESSAGE },
      });
    } catch (error) {
      if (!isApiError(error)) return setProblem('An unexpected error occurred');
      if (error.status === 409) {
        setError('email', { message: error.message || ACCOUNT_MESSAGES.userExists }, { shouldFocus: true });
        return;
      }
      const fieldErrors = Object.entries(mapRegisterFieldErrors(error.fieldErrors));
      fieldErrors.forEach(([field, message], index) => {
        setError(field as keyof TSignUpForm, { message }, { shouldFocus: index === 0 });
      });
      if (fieldErrors.length === 0) setProblem(error.message);
    }
  });

  return (
    <AuthShell
      title="Sign Up"
      icon={UserPlus}
      lead="Create your free account to book deals and save on services across Kenya."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/accounts/sign-in" className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormAlert message={problem} />
        <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
          <TextField
            label="First name"
            autoComplete="given-name"
            registration={register('firstName')}
            error={errors.firstName?.message}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            registration={register('lastName')}
            error={errors.lastName?.message}
          />
        </div>
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
        <TextField
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint="e.g. 0712 345 678"
          registration={register('phoneNumber')}
          error={errors.phoneNumber?.message}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          registration={register('password')}
          error={errors.password?.message}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <div>
          <div className="flex items-start gap-3">
            <input
              id={termsId}
              type="checkbox"
              {...register('acceptTerms')}
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? `${termsId}-error` : undefined}
              className="focus-ring mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-orange-600 dark:border-slate-600"
            />
            <label htmlFor={termsId} className="text-sm text-slate-700 dark:text-slate-300">
              I agree to the{' '}
              <Link to="/terms-conditions" target="_blank" className={authLinkClass}>
                Terms &amp; Conditions
              </Link>{' '}
              and the{' '}
              <Link to="/privacy-policy" target="_blank" className={authLinkClass}>
                Privacy Policy
              </Link>
              .
            </label>
          </div>
          <FieldError id={`${termsId}-error`} message={errors.acceptTerms?.message} />
        </div>
        <button type="submit" disabled={isSubmitting} className="btn-primary h-11 w-full text-[0.9375rem]">
          {isSubmitting ? 'Creating account...' : 'Sign up'}
        </button>
      </form>
      <OrDivider />
      <GoogleSignInButton redirectTo="/" referralSlug={referralSlug} />
    </AuthShell>
  );
}
