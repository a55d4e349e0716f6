import { ZRequestPasswordResetRequest } from '@d3/shared/accounts/accounts-schemas';
import { ResetPasswordForm } from '@d3/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormAlert, TextField } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-client';
import { userErrorMessage } from '../../../lib/generic-error-message';
import { toastSuccess } from '../../../lib/toast';
import { useRequestPasswordReset, useResetPassword } from '../api/reset-password';
import { AuthShell, authLinkClass } from '../components/auth-shell';

export const RESET_TEXTS = {
  codeSent: "If an account exists for that e-mail, we've sent a code to its phone number and e-mail address.",
  done: 'Your password has been reset. Please sign in.',
} as const;

/** Step 2's form: the code and the new password twice; the e-mail comes from step 1. */
export function RequestPasswordResetPage() {
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthShell
      title="Reset Password"
      icon={email ? MailCheck : KeyRound}
      lead={
        email
          ? RESET_TEXTS.codeSent
          : "Enter the e-mail address of your account and we'll send you a code to choose a new password."
      }
      footer={
        <Link to="/accounts/sign-in" className={authLinkClass}>
          Back to Sign In
        </Link>
      }
    >
      {email ? (
        <ResetStep email={email} onChangeEmail={() => setEmail(null)} />
      ) : (
        <RequestStep onSent={setEmail} />
      )}
    </AuthShell>
  );
}

function RequestStep({ onSent }: { onSent: (email: string) => void }) {
  const request = useRequestPasswordReset();
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
      setProblem(userErrorMessage(error));
    }
  });

  return (
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
      <button type="submit" disabled={isSubmitting} className="btn-primary h-11 w-full text-[0.9375rem]">
        {isSubmitting ? 'Sending...' : 'Send reset code'}
      </button>
    </form>
  );
}

function ResetStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  return (
    <ResetPasswordForm
      email={email}
      onChangeEmail={onChangeEmail}
      onSubmit={async ({ otp, newPassword }) => {
        const response = await reset.mutateAsync({ email, otp, newPassword });
        toastSuccess(response.message || RESET_TEXTS.done);
        navigate('/accounts/sign-in', { replace: true });
      }}
    />
  );
}
