import {
  ACCOUNT_MESSAGES,
  ZNewPassword,
  ZOtp,
  ZRequestPasswordResetRequest,
} from '@d3/shared/accounts/accounts-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useRequestMerchantPasswordReset, useResetMerchantPassword } from '../api/merchant-auth';
import {
  FormAlert,
  PasswordField,
  primaryButtonClass,
  TextField,
  textLinkClass,
} from '../components/form-fields';

const CODE_SENT =
  "If an account exists for that e-mail, we've sent a code to its phone number and e-mail address.";
const RESET_DONE = 'Your password has been reset. Please sign in.';

const ZResetForm = z
  .object({ otp: ZOtp, newPassword: ZNewPassword, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export function RequestPasswordResetPage() {
  const [email, setEmail] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title="Reset Password"
        description={email ? CODE_SENT : 'Enter your business e-mail and we will send you a code.'}
      />
      {email ? (
        <ResetStep email={email} onChangeEmail={() => setEmail(null)} />
      ) : (
        <RequestStep onSent={setEmail} />
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/sign-in" className={textLinkClass}>
          Back to Sign In
        </Link>
      </p>
    </>
  );
}

function RequestStep({ onSent }: { onSent: (email: string) => void }) {
  const request = useRequestMerchantPasswordReset();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<
    z.input<typeof ZRequestPasswordResetRequest>,
    unknown,
    z.output<typeof ZRequestPasswordResetRequest>
  >({
    resolver: zodResolver(ZRequestPasswordResetRequest),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    setProblem(null);
    try {
      await request.mutateAsync({ email });
      onSent(email);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'An unexpected error occurred');
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormAlert message={problem} />
      <TextField
        label="Business e-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        registration={register('email')}
        error={errors.email?.message}
      />
      <button type="submit" disabled={isSubmitting} className={primaryButtonClass}>
        {isSubmitting ? 'Sending...' : 'Send reset code'}
      </button>
    </form>
  );
}

function ResetStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const navigate = useNavigate();
  const reset = useResetMerchantPassword();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZResetForm>, unknown, z.output<typeof ZResetForm>>({
    resolver: zodResolver(ZResetForm),
    defaultValues: { otp: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ otp, newPassword }) => {
    setProblem(null);
    try {
      await reset.mutateAsync({ email, otp, newPassword });
      navigate('/sign-in', { replace: true, state: { notice: RESET_DONE } });
    } catch (error) {
      if (!(error instanceof ApiError)) return setProblem('An unexpected error occurred');
      if (error.fieldErrors.otp || error.code === 'OTP_INVALID' || error.code === 'OTP_ATTEMPTS_EXCEEDED') {
        setError('otp', { message: error.fieldErrors.otp ?? error.message }, { shouldFocus: true });
      } else {
        setProblem(error.message);
      }
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormAlert message={problem} />
      <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
        Resetting the password for <span className="font-semibold break-all">{email}</span>.{' '}
        <button type="button" onClick={onChangeEmail} className={textLinkClass}>
          Change
        </button>
      </p>
      <TextField
        label="Reset code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="6-digit code"
        registration={register('otp', { setValueAs: (value: string) => value.replace(/\D/g, '') })}
        error={errors.otp?.message}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters."
        registration={register('newPassword')}
        error={errors.newPassword?.message}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
      <button type="submit" disabled={isSubmitting} className={primaryButtonClass}>
        {isSubmitting ? 'Resetting...' : 'Reset password'}
      </button>
    </form>
  );
}
