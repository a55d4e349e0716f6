import { useT } from '@d3/ui';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/** Up to `max` page numbers around the current page (seed 000 §9: 5). */
export function visiblePages(page: number, totalPages: number, max = 5): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(max, totalPages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Show up to 5 page numbers between Previous and Next (off: only 'Page X of Y'). */
  showNumbers?: boolean;
  className?: string;
}

/** Previous / page numbers / Next, with 'Page X of Y'. Hidden when everything fits on one page. */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  showNumbers = true,
  className,
}: PaginationProps) {
  const t = useT();
  if (totalPages <= 1) return null;
  const arrow = 'btn-secondary h-10 px-3 disabled:pointer-events-none disabled:opacity-50';
  return (
    <nav aria-label={t('common.pagination')} className={clsx('flex flex-col items-center gap-3', className)}>
      <div className="flex flex-wrap items-center justify-center gap-1.5">
        <button type="button" className={arrow} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t('common.previous')}
        </button>
        {showNumbers &&
          visiblePages(page, totalPages).map((number) => (
            <button
              key={number}
              type="button"
              onClick={() => onPageChange(number)}
              aria-current={number === page ? 'page' : undefined}
              aria-label={t('common.page', { number })}
              className={clsx(
                'focus-ring hidden size-10 rounded-lg text-sm font-semibold sm:inline-grid sm:place-items-center',
                number === page
                  ? 'bg-primary-strong text-white'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
              )}
            >
              {number}
            </button>
          ))}
        <button
          type="button"
          className={arrow}
          disabled={page >= totalPages}
          onClick={() => onPageChange(page + 1)}
        >
          {t('common.next')}
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {t('common.pageOf', { page, pages: totalPages })}
      </p>
    </nav>
  );
}
