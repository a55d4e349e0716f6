import { House, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';
import { IconLink } from './icon-link';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="content-width grid place-items-center py-16 sm:py-24">
      <div className="max-w-md text-center">
        <p className="text-6xl font-black tracking-tight text-orange-600 dark:text-orange-400">404</p>
        <SearchX aria-hidden="true" className="mx-auto mt-6 size-10 text-slate-400" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">Page not found</h1>
        <p className="mt-3 text-base text-slate-600 dark:text-slate-300">
          The page you are looking for doesn't exist or may have moved.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <IconLink to="/" icon={House} className="btn-primary">
            Go Home
          </IconLink>
          <Link to="/hotdeals" className="btn-secondary">
            Browse Hot Deals
          </Link>
        </div>
      </div>
    </div>
  );
}
