import { usePasswordReset } from '@d3/ui';
import { KeyRound, MailCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { userErrorMessage } from '../../../lib/generic-error-message';
import { toastSuccess } from '../../../lib/toast';
import { useRequestPasswordReset, useResetPassword } from '../api/reset-password';
import { AuthShell, authLinkClass } from '../components/auth-shell';

export const RESET_TEXTS = {
  codeSent: "If an account exists for that e-mail, we've sent a code to its phone number and e-mail address.",
  done: 'Your password has been reset. Please sign in.',
} as const;

/** Step 1 asks for the e-mail; step 2 takes the code and the new password twice. */
export function RequestPasswordResetPage() {
  const navigate = useNavigate();
  const { email, steps } = usePasswordReset({
    emailLabel: 'Email',
    emailPlaceholder: 'you@example.com',
    problemText: userErrorMessage,
    request: useRequestPasswordReset(),
    reset: useResetPassword(),
    afterReset: (message) => {
      toastSuccess(message || RESET_TEXTS.done);
      navigate('/accounts/sign-in', { replace: true });
    },
  });
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
      {steps}
    </AuthShell>
  );
}
