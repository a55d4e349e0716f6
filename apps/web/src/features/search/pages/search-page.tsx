import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { SearchBox } from '../../../components/search-box';
import { useDocumentTitle } from '../../../lib/document-title';

/** The page name for a query: the seed's heading, or the landing title when there is no query. */
export function searchPageName(query: string): string {
  return query ? `Search Results for "${query}"` : 'D3 Search';
}

export function SearchPage() {
  const [params] = useSearchParams();
  // The site links with `q`; another client links with `query` (API contract decision 4).
  const query = (params.get('q') ?? params.get('query') ?? '').trim();
  const title = searchPageName(query);
  useDocumentTitle(title);

  return (
    <>
      <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="content-width py-8 sm:py-12">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">
            {title}
          </h1>
          {!query && (
            <p className="mt-3 text-base text-slate-600 sm:text-lg dark:text-slate-300">
              Find Discounted services and stores!
            </p>
          )}
          <SearchBox size="lg" className="mt-6 max-w-2xl" />
        </div>
      </div>
      <div className="content-width py-10 sm:py-14">
        <ComingSoon>Search results for offers and stores will appear here.</ComingSoon>
      </div>
    </>
  );
}
