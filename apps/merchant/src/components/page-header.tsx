import { useDocumentTitle } from '../lib/use-document-title';

type TPageHeaderProps = {
  title: string;
  description?: string;
};

/** The page's one h1; it also names the browser tab. */
export function PageHeader({ title, description }: TPageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {title}
      </h1>
      {description ? <p className="mt-1 text-slate-600 dark:text-slate-400">{description}</p> : null}
    </header>
  );
}
