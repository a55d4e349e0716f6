import { ACCOUNT_MESSAGES, type TSignUpForm, ZSignUpForm } from '@d3/shared/accounts/accounts-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { setMerchantToken } from '../../../lib/auth-token';
import { useRegisterMerchant } from '../api/merchant-auth';
import {
  FormAlert,
  PasswordField,
  primaryButtonClass,
  TextField,
  textLinkClass,
} from '../components/form-fields';

/** The server names some field errors the seed's way; the form uses camelCase. */
const SERVER_FIELDS: Record<string, keyof TSignUpForm> = {
  first_name: 'firstName',
  firstName: 'firstName',
  last_name: 'lastName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phoneNumber',
  phoneNumber: 'phoneNumber',
  password: 'password',
};

export function SignUpPage() {
  const navigate = useNavigate();
  const registerMerchant = useRegisterMerchant();
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
      const response = await registerMerchant.mutateAsync(account);
      setMerchantToken(response.access_token);
      navigate('/', { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) return setProblem('An unexpected error occurred');
      if (error.status === 409) {
        setError('email', { message: error.message || ACCOUNT_MESSAGES.userExists }, { shouldFocus: true });
        return;
      }
      let mapped = 0;
      for (const [serverField, message] of Object.entries(error.fieldErrors)) {
        const field = SERVER_FIELDS[serverField];
        const text = Array.isArray(message) ? message[0] : message;
        if (!field || typeof text !== 'string') continue;
        setError(field, { message: text }, { shouldFocus: mapped === 0 });
        mapped += 1;
      }
      if (mapped === 0) setProblem(error.message);
    }
  });

  return (
    <>
      <PageHeader
        title="Create your business account"
        description="List your business on D3 Deals and reach customers across Kenya."
      />
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
          label="Business e-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          placeholder="you@yourbusiness.co.ke"
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
              className="mt-0.5 size-5 shrink-0 rounded accent-orange-600"
            />
            <label htmlFor={termsId} className="text-sm text-slate-700 dark:text-slate-300">
              I agree to the{' '}
              <a href="/terms-conditions" target="_blank" rel="noreferrer" className={textLinkClass}>
                Terms &amp; Conditions
              </a>{' '}
              and the{' '}
              <a href="/privacy-policy" target="_blank" rel="noreferrer" className={textLinkClass}>
                Privacy Policy
              </a>
              .
            </label>
          </div>
          {errors.acceptTerms?.message && (
            <p
              id={`${termsId}-error`}
              className="mt-1.5 flex items-start gap-1 text-sm text-red-700 dark:text-red-400"
            >
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {errors.acceptTerms.message}
            </p>
          )}
        </div>
        <button type="submit" disabled={isSubmitting} className={primaryButtonClass}>
          {isSubmitting ? 'Creating account...' : 'Create account'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <Link to="/sign-in" className={textLinkClass}>
          Sign in
        </Link>
      </p>
    </>
  );
}
