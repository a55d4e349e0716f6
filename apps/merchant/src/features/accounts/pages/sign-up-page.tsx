import { ACCOUNT_MESSAGES, type TSignUpForm, ZSignUpForm } from '@d3/shared/accounts/accounts-schemas';
import { SignUpFields, SubmitButton, signUpFieldProps } from '@d3/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { setMerchantToken } from '../../../lib/auth-token';
import { useRegisterMerchant } from '../api/merchant-auth';
import { FormAlert, textLinkClass } from '../components/form-fields';

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
        <SignUpFields
          emailLabel="Business e-mail"
          emailPlaceholder="you@yourbusiness.co.ke"
          {...signUpFieldProps(register, errors)}
          termsLink={(href, text, className) => (
            <a href={href} target="_blank" rel="noreferrer" className={className}>
              {text}
            </a>
          )}
        />
        <SubmitButton busy={isSubmitting} busyLabel="Creating account...">
          Create account
        </SubmitButton>
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
