import { SignUpForm, useLocale, useT } from '@d3/ui';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { setMerchantToken } from '../../../lib/auth-token';
import { useRegisterMerchant } from '../api/merchant-auth';
import { textLinkClass } from '../components/form-fields';

export function SignUpPage() {
  const t = useT();
  // The language the merchant chose here becomes the account's (SMS and notifications too).
  const locale = useLocale();
  const navigate = useNavigate();
  const registerMerchant = useRegisterMerchant();
  return (
    <>
      <PageHeader title={t('auth.signUp.title')} description={t('auth.signUp.description')} />
      <SignUpForm
        emailLabel={t('auth.businessEmail')}
        emailPlaceholder="you@yourbusiness.co.ke"
        termsLink={(href, text, className) => (
          <a href={href} target="_blank" rel="noreferrer" className={className}>
            {text}
          </a>
        )}
        submitLabel={t('auth.signUp.submit')}
        onSubmit={async (account) => {
          const response = await registerMerchant.mutateAsync({ ...account, locale });
          setMerchantToken(response.access_token);
          navigate('/', { replace: true });
        }}
      />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {t('auth.signUp.haveAccount')}{' '}
        <Link to="/sign-in" className={textLinkClass}>
          {t('auth.signIn.link')}
        </Link>
      </p>
    </>
  );
}
