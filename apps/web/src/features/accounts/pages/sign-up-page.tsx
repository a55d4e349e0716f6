import { SignUpForm } from '@d3/ui';
import { UserPlus } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { OrDivider } from '../../../components/form-fields';
import { setToken } from '../../../lib/auth-token';
import { userErrorMessage } from '../../../lib/generic-error-message';
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
      <SignUpForm
        emailLabel="Email"
        emailPlaceholder="you@example.com"
        termsLink={(href, text, className) => (
          <Link to={href} target="_blank" className={className}>
            {text}
          </Link>
        )}
        submitLabel="Sign up"
        problemText={userErrorMessage}
        onSubmit={async (account) => {
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
        }}
      />
      <OrDivider />
      <GoogleSignInButton redirectTo={returnUrl} referralSlug={referralSlug} />
    </AuthShell>
  );
}
