import { ZRequestPasswordResetRequest } from '@d3/shared/accounts/accounts-schemas';
import { ResetPasswordForm } from '@d3/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useRequestMerchantPasswordReset, useResetMerchantPassword } from '../api/merchant-auth';
import { FormAlert, primaryButtonClass, TextField, textLinkClass } from '../components/form-fields';

const CODE_SENT =
  "If an account exists for that e-mail, we've sent a code to its phone number and e-mail address.";
const RESET_DONE = 'Your password has been reset. Please sign in.';

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
  return (
    <ResetPasswordForm
      email={email}
      onChangeEmail={onChangeEmail}
      onSubmit={async ({ otp, newPassword }) => {
        await reset.mutateAsync({ email, otp, newPassword });
        navigate('/sign-in', { replace: true, state: { notice: RESET_DONE } });
      }}
    />
  );
}
