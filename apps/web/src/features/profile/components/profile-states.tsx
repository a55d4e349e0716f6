import clsx from 'clsx';

export function SkeletonBlock({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={clsx('animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800', className)}
    />
  );
}

/** A grid of card-shaped placeholders with a label for screen readers. */
export function CardGridSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <div key={index} className="card overflow-hidden">
            <SkeletonBlock className="aspect-[4/3] rounded-none" />
            <div className="space-y-3 p-4">
              <SkeletonBlock className="h-4 w-2/3" />
              <SkeletonBlock className="h-3 w-full" />
              <SkeletonBlock className="h-9 w-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
