import clsx from 'clsx';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

export const SEARCH_PLACEHOLDER = 'Search for deals, coupons & stores...';

/** Builds the results URL the whole site uses: `/search?q=<text>` (the landing page when blank). */
export function searchUrl(query: string): string {
  const q = query.trim();
  return q ? `/search?q=${encodeURIComponent(q)}` : '/search';
}

interface SearchBoxProps {
  className?: string;
  autoFocus?: boolean;
  size?: 'md' | 'lg';
  onSubmitted?: () => void;
}

/** Submits to the search page. The live results dropdown arrives with the search capability. */
export function SearchBox({ className, autoFocus, size = 'md', onSubmitted }: SearchBoxProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = params.get('q') ?? params.get('query') ?? '';
  const [value, setValue] = useState(current);
  const inputId = useId();

  // Keep the box in step with the URL (e.g. after Back from a results page).
  useEffect(() => setValue(current), [current]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(searchUrl(value));
    onSubmitted?.();
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for the older Android browsers we serve.
    <form role="search" onSubmit={onSubmit} className={clsx('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        Search deals, coupons and stores
      </label>
      <Search
        aria-hidden="true"
        className={clsx(
          'pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400',
          size === 'lg' ? 'size-5' : 'size-4',
        )}
      />
      <input
        id={inputId}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={SEARCH_PLACEHOLDER}
        className={clsx(
          'field rounded-full bg-slate-100 pr-24 dark:bg-slate-800',
          size === 'lg' ? 'h-14 pl-11 text-base sm:text-base' : 'h-10 pl-9',
        )}
      />
      <button
        type="submit"
        className={clsx(
          'focus-ring absolute top-1/2 right-1.5 -translate-y-1/2 rounded-full bg-primary-strong font-semibold text-white hover:bg-primary-hover',
          size === 'lg' ? 'h-11 px-5 text-sm' : 'h-7 px-3 text-xs',
        )}
      >
        Search
      </button>
    </form>
  );
}
