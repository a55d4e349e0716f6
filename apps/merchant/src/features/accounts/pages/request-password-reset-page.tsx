import { RequestResetForm, ResetPasswordForm } from '@d3/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useRequestMerchantPasswordReset, useResetMerchantPassword } from '../api/merchant-auth';
import { textLinkClass } from '../components/form-fields';

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
  return (
    <RequestResetForm
      emailLabel="Business e-mail"
      onSubmit={async (email) => {
        await request.mutateAsync({ email });
        onSent(email);
      }}
    />
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
