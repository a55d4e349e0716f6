import { useT } from '@d3/ui';
import { House, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { IconLink } from './icon-link';
import { PageMessage } from './state-panels';

export function NotFoundPage() {
  const t = useT();
  return (
    <PageMessage
      figure={
        <>
          <p className="text-6xl font-black tracking-tight text-orange-600 dark:text-orange-400">404</p>
          <SearchX aria-hidden="true" className="mx-auto mt-6 size-10 text-slate-400" />
        </>
      }
      title={t('notFound.title')}
      message={t('notFound.message')}
    >
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <IconLink to="/" icon={House} className="btn-primary">
          {t('notFound.home')}
        </IconLink>
        <Link to="/hotdeals" className="btn-secondary">
          {t('notFound.hotDeals')}
        </Link>
      </div>
    </PageMessage>
  );
}
