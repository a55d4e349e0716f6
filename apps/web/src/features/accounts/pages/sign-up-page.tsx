import { ACCOUNT_MESSAGES, type TSignUpForm, ZSignUpForm } from '@d3/shared/accounts/accounts-schemas';
import { SignUpFields, SubmitButton, signUpFieldProps } from '@d3/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormAlert, OrDivider } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { userErrorMessage } from '../../../lib/generic-error-message';
import { mapRegisterFieldErrors } from '../../../lib/server-field-errors';
import { useRegisterUser } from '../api/register-user';
import { AuthShell, authLinkClass } from '../components/auth-shell';
import { GoogleSignInButton } from '../components/google-sign-in';
import { safeRedirectPath } from '../lib/auth-redirect';

export const OTP_SENT_MESSAGE = 'We sent a 6-digit code to your phone.';

export function SignUpPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const referralSlug = searchParams.get('ref')?.trim() || undefined;
  // Sign-up reached from sign-in keeps where the visitor was going (e.g. the booking wizard), issue 15.
  const returnUrl = safeRedirectPath(searchParams.get('redirect')) ?? '/';
  const registerUser = useRegisterUser();
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
      // The confirmation and the terms tick stay in the browser; only the account goes to the server.
      const response = await registerUser.mutateAsync({ ...account, referralSlug });
      setToken(response.access_token);
      navigate('/accounts/verify-otp', {
        state: {
          phone: response.user.phoneNumber ?? account.phoneNumber,
          message: OTP_SENT_MESSAGE,
          returnUrl,
        },
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
      if (fieldErrors.length === 0) setProblem(userErrorMessage(error));
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
        <SignUpFields
          emailLabel="Email"
          emailPlaceholder="you@example.com"
          {...signUpFieldProps(register, errors)}
          termsLink={(href, text, className) => (
            <Link to={href} target="_blank" className={className}>
              {text}
            </Link>
          )}
        />
        <SubmitButton busy={isSubmitting} busyLabel="Creating account...">
          Sign up
        </SubmitButton>
      </form>
      <OrDivider />
      <GoogleSignInButton redirectTo={returnUrl} referralSlug={referralSlug} />
    </AuthShell>
  );
}
