import type { TOffer, TStore } from '@d3/shared/catalogue/catalogue-schemas';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Clock, LoaderCircle, MapPin, Search, SearchX, Store, Tag, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSearch } from '../lib/api/search-catalogue';
import { userErrorMessage } from '../lib/generic-error-message';
import {
  addRecentSearch,
  readRecentSearches,
  removeRecentSearch,
  writeRecentSearches,
} from '../lib/recent-searches';
import { useSearchLocation } from '../lib/search-location';
import { EntityImage } from './entity-image';

export const SEARCH_PLACEHOLDER = 'Search for deals, coupons & stores...';
export const SEARCH_DEBOUNCE_MS = 300;
/** Seed 000 §9: 5 stores and 5 offers. (Not imported from the schemas module: that would pull zod into every page.) */
const SEARCH_DROPDOWN_LIMIT = 5;

/** The results URL the whole site uses: `/search?q=<text>&location=<place>` (location only when specific). */
export function searchUrl(query: string, location?: string | null): string {
  const params = new URLSearchParams();
  const q = query.trim();
  if (q) params.set('q', q);
  if (q && location) params.set('location', location);
  const search = params.toString();
  return search ? `/search?${search}` : '/search';
}

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

type DropdownItem =
  | { kind: 'recent'; key: string; term: string }
  | { kind: 'store'; key: string; store: TStore }
  | { kind: 'offer'; key: string; offer: TOffer };

interface SearchBoxProps {
  className?: string;
  autoFocus?: boolean;
  size?: 'md' | 'lg';
  onSubmitted?: () => void;
  /** Live results while typing; the results page's own box only submits. */
  dropdown?: boolean;
}

/**
 * The site's search box (seed 000 §2 "Search box"): a combobox whose dropdown shows recent searches,
 * then up to 5 stores and 5 offers for the debounced text, in the visitor's chosen location.
 */
export function SearchBox({
  className,
  autoFocus,
  size = 'md',
  onSubmitted,
  dropdown = true,
}: SearchBoxProps) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const location = useSearchLocation();
  const current = params.get('q') ?? params.get('query') ?? '';
  const [value, setValue] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recents, setRecents] = useState<string[]>(readRecentSearches);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listboxId = useId();

  // Keep the box in step with the URL (e.g. after Back from a results page).
  useEffect(() => setValue(current), [current]);

  // A new page closes the dropdown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value read inside.
  useEffect(() => setOpen(false), [pathname]);

  const debounced = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const typed = value.trim();
  const search = useSearch({
    query: dropdown && open ? debounced : '',
    location: location.value,
    limit: SEARCH_DROPDOWN_LIMIT,
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const settled = typed !== '' && typed === debounced && !search.isFetching && search.data !== undefined;
  const searching = typed !== '' && !settled && !search.isError;
  const stores = settled ? (search.data?.shops ?? []) : [];
  const offers = settled ? (search.data?.discounts ?? []) : [];
  const showRecents = typed === '' && recents.length > 0;

  const items: DropdownItem[] = [
    ...(showRecents ? recents.map((term) => ({ kind: 'recent' as const, key: `recent-${term}`, term })) : []),
    ...stores.map((store) => ({ kind: 'store' as const, key: `store-${store.id}`, store })),
    ...offers.map((offer) => ({ kind: 'offer' as const, key: `offer-${offer.id}`, offer })),
  ];
  const itemsSignature = items.map((item) => item.key).join('|');

  // New results reset the highlight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the list.
  useEffect(() => setActive(-1), [itemsSignature]);

  const optionId = (index: number) => `${listboxId}-option-${index}`;

  function remember(term: string) {
    const next = addRecentSearch(recents, term);
    setRecents(next);
    writeRecentSearches(next);
  }

  function forget(term: string) {
    const next = removeRecentSearch(recents, term);
    setRecents(next);
    writeRecentSearches(next);
    inputRef.current?.focus();
  }

  function finish() {
    setOpen(false);
    setActive(-1);
    onSubmitted?.();
  }

  function submit(term: string) {
    if (term.trim()) remember(term);
    navigate(searchUrl(term, location.value));
    finish();
  }

  function choose(item: DropdownItem) {
    if (item.kind === 'recent') {
      setValue(item.term);
      setOpen(true);
      inputRef.current?.focus();
      return;
    }
    if (typed) remember(typed);
    navigate(item.kind === 'store' ? `/store/${item.store.id}` : `/offer/${item.offer.id}`);
    finish();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const item = active >= 0 ? items[active] : undefined;
    if (open && item) choose(item);
    else submit(value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!dropdown) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => {
        if (index < 0) return step === 1 ? 0 : items.length - 1;
        return (index + step + items.length) % items.length;
      });
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  const expanded = dropdown && open;
  const shortLocation = location.short;
  const placeholder = shortLocation
    ? t('search.placeholderIn', { place: shortLocation })
    : t('search.placeholder');
  let index = -1;
  /** The next suggestion down the list: its id, whether it is the active one, and hover to make it so. */
  const nextOption = () => {
    index += 1;
    const position = index;
    return { id: optionId(position), active: active === position, onHover: () => setActive(position) };
  };

  return (
    <div ref={rootRef} className={clsx('relative', className)}>
      {/* action and name (issue 32): before the page is live, Enter still opens the results page. */}
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for the older Android browsers we serve. */}
      <form role="search" action="/search" onSubmit={onSubmit} className="relative">
        <label htmlFor={inputId} className="sr-only">
          {t('search.label')}
        </label>
        <Search
          aria-hidden="true"
          className={clsx(
            'pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400',
            size === 'lg' ? 'size-5' : 'size-4',
          )}
        />
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the combobox role and its aria-* are set together, only with the dropdown. */}
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name="q"
          role={dropdown ? 'combobox' : undefined}
          aria-expanded={dropdown ? expanded : undefined}
          aria-controls={dropdown ? listboxId : undefined}
          aria-autocomplete={dropdown ? 'list' : undefined}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          enterKeyHint="search"
          autoComplete="off"
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          className={clsx(
            'field truncate rounded-full bg-slate-100 pr-24 dark:bg-slate-800',
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
          {t('search.search')}
        </button>
      </form>

      {expanded && (
        <div className="absolute inset-x-0 top-full z-50 mt-2 max-h-[min(70vh,32rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white text-left shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <div className="flex items-center gap-2 border-b border-slate-100 px-4 py-2.5 text-xs font-medium text-slate-600 dark:border-slate-800 dark:text-slate-300">
            <MapPin aria-hidden="true" className="size-3.5 text-orange-600 dark:text-orange-400" />
            {location.value ? t('search.resultsIn', { place: location.label }) : t('search.resultsAll')}
          </div>

          <div
            id={listboxId}
            role="listbox"
            aria-label={t('search.suggestions')}
            tabIndex={-1}
            className="py-1"
          >
            {showRecents && (
              <Group title={t('search.recent')} icon={<Clock aria-hidden="true" className="size-3.5" />}>
                {recents.map((term) => (
                  <div key={term} className="relative">
                    <Option {...nextOption()} onChoose={() => choose({ kind: 'recent', key: term, term })}>
                      <Clock aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                      <span className="truncate pr-8">{term}</span>
                    </Option>
                    <button
                      type="button"
                      tabIndex={-1}
                      aria-label={t('search.removeRecent', { term })}
                      onClick={() => forget(term)}
                      className="focus-ring absolute top-1/2 right-3 -translate-y-1/2 rounded-full p-1 text-slate-400 hover:bg-slate-200 hover:text-slate-700 dark:hover:bg-slate-700 dark:hover:text-slate-200"
                    >
                      <X aria-hidden="true" className="size-3.5" />
                    </button>
                  </div>
                ))}
              </Group>
            )}

            {stores.length > 0 && (
              <Group
                title={t('search.stores', { count: search.data?.counts.shops ?? stores.length })}
                icon={<Store aria-hidden="true" className="size-3.5" />}
              >
                {stores.map((store) => (
                  <EntityOption
                    key={store.id}
                    option={nextOption()}
                    onChoose={() => choose({ kind: 'store', key: store.id, store })}
                    image={{ src: store.logo_url, className: 'size-9 shrink-0 rounded-lg text-xs' }}
                    title={store.name}
                    detail={[store.category, store.location].filter(Boolean).join(' · ')}
                  />
                ))}
              </Group>
            )}

            {offers.length > 0 && (
              <Group
                title={t('search.offers', { count: search.data?.counts.discounts ?? offers.length })}
                icon={<Tag aria-hidden="true" className="size-3.5" />}
              >
                {offers.map((offer) => (
                  <EntityOption
                    key={offer.id}
                    option={nextOption()}
                    onChoose={() => choose({ kind: 'offer', key: offer.id, offer })}
                    image={{
                      src: offer.image_url,
                      className: 'aspect-[4/3] w-12 shrink-0 rounded-lg text-xs',
                    }}
                    title={offer.title}
                    detail={offer.store.name}
                  >
                    {offer.discount > 0 && (
                      <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
                        {t('deal.percentOff', { percent: Number(offer.discount.toFixed(2)) })}
                      </span>
                    )}
                  </EntityOption>
                ))}
              </Group>
            )}
          </div>

          {searching && (
            <p
              role="status"
              className="flex items-center gap-2 px-4 py-4 text-sm text-slate-600 dark:text-slate-300"
            >
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-orange-600" />
              {t('search.searchingIn', { place: location.label })}
            </p>
          )}

          {search.isError && typed !== '' && !searching && (
            <p role="alert" className="px-4 py-4 text-sm text-red-700 dark:text-red-400">
              {userErrorMessage(search.error)}
            </p>
          )}

          {settled && stores.length === 0 && offers.length === 0 && (
            <div className="px-4 py-6 text-center">
              <SearchX aria-hidden="true" className="mx-auto size-8 text-slate-400" />
              <p className="mt-2 text-sm font-semibold text-slate-900 dark:text-white">
                {t('search.noResults', { term: typed })}
              </p>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('search.tryOther')}</p>
              {location.value && (
                <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{t('search.orLocation')}</p>
              )}
            </div>
          )}

          {typed === '' && recents.length === 0 && (
            <p className="px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
              {t('search.startTyping')}
            </p>
          )}

          {typed !== '' && (
            <div className="border-t border-slate-100 p-2 dark:border-slate-800">
              <button
                type="button"
                onClick={() => submit(value)}
                className="focus-ring w-full truncate rounded-lg bg-orange-50 px-3 py-2.5 text-sm font-semibold text-orange-800 hover:bg-orange-100 dark:bg-orange-500/10 dark:text-orange-300 dark:hover:bg-orange-500/20"
              >
                {t('search.viewAll', { term: typed })}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function Group({
  title,
  icon,
  children,
}: {
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: an option group inside the custom listbox.
    <div role="group" aria-labelledby={id} className="py-1">
      <p
        id={id}
        className="flex items-center gap-1.5 px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
      >
        {icon}
        {title}
      </p>
      {children}
    </div>
  );
}

interface OptionProps {
  id: string;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
  children: React.ReactNode;
}

/** A store or offer suggestion: its picture, its name and, under it, what else tells it apart. */
function EntityOption({
  option,
  onChoose,
  image,
  title,
  detail,
  children,
}: {
  option: Omit<OptionProps, 'onChoose' | 'children'>;
  onChoose: () => void;
  image: { src: string | null | undefined; className: string };
  title: string;
  detail: string;
  children?: React.ReactNode;
}) {
  return (
    <Option {...option} onChoose={onChoose}>
      <EntityImage src={image.src} name={title} decorative className={image.className} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900 dark:text-white">{title}</span>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{detail}</span>
      </span>
      {children}
    </Option>
  );
}

function Option({ id, active, onHover, onChoose, children }: OptionProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection goes through the combobox input.
    <div
      ref={ref}
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      onMouseEnter={onHover}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      className={clsx(
        'flex cursor-pointer items-center gap-3 px-4 py-2 text-sm text-slate-700 dark:text-slate-200',
        active ? 'bg-orange-50 dark:bg-slate-800' : 'hover:bg-slate-50 dark:hover:bg-slate-800/60',
      )}
    >
      {children}
    </div>
  );
}
