import { SignUpForm } from '@d3/ui';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { setMerchantToken } from '../../../lib/auth-token';
import { useRegisterMerchant } from '../api/merchant-auth';
import { textLinkClass } from '../components/form-fields';

export function SignUpPage() {
  const navigate = useNavigate();
  const registerMerchant = useRegisterMerchant();
  return (
    <>
      <PageHeader
        title="Create your business account"
        description="List your business on D3 Deals and reach customers across Kenya."
      />
      <SignUpForm
        emailLabel="Business e-mail"
        emailPlaceholder="you@yourbusiness.co.ke"
        termsLink={(href, text, className) => (
          <a href={href} target="_blank" rel="noreferrer" className={className}>
            {text}
          </a>
        )}
        submitLabel="Create account"
        onSubmit={async (account) => {
          const response = await registerMerchant.mutateAsync(account);
          setMerchantToken(response.access_token);
          navigate('/', { replace: true });
        }}
      />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <Link to="/sign-in" className={textLinkClass}>
          Sign in
        </Link>
      </p>
    </>
  );
}
