import { House, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { IconLink } from './icon-link';
import { PageMessage } from './state-panels';

export function NotFoundPage() {
  return (
    <PageMessage
      figure={
        <>
          <p className="text-6xl font-black tracking-tight text-orange-600 dark:text-orange-400">404</p>
          <SearchX aria-hidden="true" className="mx-auto mt-6 size-10 text-slate-400" />
        </>
      }
      title="Page not found"
      message="The page you are looking for doesn't exist or may have moved."
    >
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <IconLink to="/" icon={House} className="btn-primary">
          Go Home
        </IconLink>
        <Link to="/hotdeals" className="btn-secondary">
          Browse Hot Deals
        </Link>
      </div>
    </PageMessage>
  );
}
