import { useT } from '@d3/ui';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-5xl font-extrabold text-orange-600 dark:text-orange-500">404</p>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t('notFound.title')}
      </h1>
      <p className="max-w-md text-slate-600 dark:text-slate-400">{t('notFound.body')}</p>
      <Link
        to="/"
        className="rounded-xl bg-orange-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-orange-700"
      >
        {t('notFound.goToDashboard')}
      </Link>
    </section>
  );
}
