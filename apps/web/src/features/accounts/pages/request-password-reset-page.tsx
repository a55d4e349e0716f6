import { RequestResetForm, ResetPasswordForm } from '@d3/ui';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
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
  return (
    <RequestResetForm
      emailLabel="Email"
      emailPlaceholder="you@example.com"
      problemText={userErrorMessage}
      onSubmit={async (email) => {
        await request.mutateAsync({ email });
        onSent(email);
      }}
    />
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
