import { usePasswordReset } from '@d3/ui';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useRequestMerchantPasswordReset, useResetMerchantPassword } from '../api/merchant-auth';
import { textLinkClass } from '../components/form-fields';

const CODE_SENT =
  "If an account exists for that e-mail, we've sent a code to its phone number and e-mail address.";
const RESET_DONE = 'Your password has been reset. Please sign in.';

export function RequestPasswordResetPage() {
  const navigate = useNavigate();
  const { email, steps } = usePasswordReset({
    emailLabel: 'Business e-mail',
    request: useRequestMerchantPasswordReset(),
    reset: useResetMerchantPassword(),
    afterReset: () => navigate('/sign-in', { replace: true, state: { notice: RESET_DONE } }),
  });
  return (
    <>
      <PageHeader
        title="Reset Password"
        description={email ? CODE_SENT : 'Enter your business e-mail and we will send you a code.'}
      />
      {steps}
      <p className="mt-6 text-center text-sm">
        <Link to="/sign-in" className={textLinkClass}>
          Back to Sign In
        </Link>
      </p>
    </>
  );
}
