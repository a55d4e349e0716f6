import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/document-title';

interface PageIntroProps {
  /** The page name: the page's only <h1> and the first part of the tab title. */
  title: string;
  lead?: ReactNode;
  eyebrow?: ReactNode;
  children?: ReactNode;
}

/** The band at the top of a content page: sets the document title and renders the page's one <h1>. */
export function PageIntro({ title, lead, eyebrow, children }: PageIntroProps) {
  useDocumentTitle(title);
  return (
    <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="content-width py-8 sm:py-12">
        {eyebrow && (
          <p className="mb-2 text-sm font-semibold tracking-wide text-orange-700 uppercase dark:text-orange-400">
            {eyebrow}
          </p>
        )}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {title}
        </h1>
        {lead && (
          <p className="mt-3 max-w-3xl text-base text-slate-600 sm:text-lg dark:text-slate-300">{lead}</p>
        )}
        {children}
      </div>
    </div>
  );
}
