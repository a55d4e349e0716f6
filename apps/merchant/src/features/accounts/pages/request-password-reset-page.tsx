import { usePasswordReset, useT } from '@d3/ui';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useRequestMerchantPasswordReset, useResetMerchantPassword } from '../api/merchant-auth';
import { textLinkClass } from '../components/form-fields';

export function RequestPasswordResetPage() {
  const t = useT();
  const navigate = useNavigate();
  const { email, steps } = usePasswordReset({
    emailLabel: t('auth.businessEmail'),
    request: useRequestMerchantPasswordReset(),
    reset: useResetMerchantPassword(),
    afterReset: () => navigate('/sign-in', { replace: true, state: { notice: t('auth.reset.done') } }),
  });
  return (
    <>
      <PageHeader
        title={t('auth.reset.title')}
        description={email ? t('auth.reset.codeSent') : t('auth.reset.description')}
      />
      {steps}
      <p className="mt-6 text-center text-sm">
        <Link to="/sign-in" className={textLinkClass}>
          {t('auth.reset.back')}
        </Link>
      </p>
    </>
  );
}
