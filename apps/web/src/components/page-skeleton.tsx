import { useT } from '@d3/ui';

const bar = 'animate-shimmer rounded-lg bg-slate-200 dark:bg-slate-800';

/** What a page looks like before its code arrives: its heading band and a grid of cards, no spinner. */
export function PageSkeleton() {
  const t = useT();
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="sr-only">{t('common.loadingPage')}</span>
      <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="content-width space-y-3 py-8 sm:py-12">
          <div className={`${bar} h-8 w-56 sm:h-9`} />
          <div className={`${bar} h-5 w-full max-w-xl`} />
        </div>
      </div>
      <CardSkeletons
        count={4}
        className="content-width grid gap-4 py-10 sm:grid-cols-2 lg:grid-cols-4"
        media="h-36"
      />
    </div>
  );
}

/** Card-shaped placeholders: a picture band and text bars, in the grid the real cards will fill. */
export function CardSkeletons({
  count,
  className,
  media,
  lines = ['h-4 w-3/4', 'h-4 w-1/2'],
  body = 'space-y-2 p-4',
}: {
  count: number;
  className: string;
  /** The picture band's height or aspect. */
  media: string;
  lines?: string[];
  body?: string;
}) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={position} className="card overflow-hidden">
          <div className={`${bar} ${media} rounded-none`} />
          <div className={body}>
            {lines.map((line) => (
              <div key={line} className={`${bar} ${line}`} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
