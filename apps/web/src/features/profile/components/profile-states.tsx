import clsx from 'clsx';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';

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

export function ErrorPanel({
  title = 'Something went wrong',
  message,
  onRetry,
}: {
  title?: string;
  message?: ReactNode;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="card mx-auto max-w-lg px-6 py-10 text-center">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300">
        <AlertTriangle aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-bold text-slate-900 dark:text-white">{title}</h2>
      {message && <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{message}</p>}
      <button type="button" onClick={onRetry} className="btn-primary mt-6">
        <RefreshCw aria-hidden="true" className="size-4" />
        Try Again
      </button>
    </div>
  );
}

export function EmptyPanel({
  icon,
  title,
  message,
  children,
}: {
  icon: ReactNode;
  title: string;
  message: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card mx-auto max-w-xl px-6 py-12 text-center">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300">
        {icon}
      </span>
      <h2 className="mt-5 text-xl font-bold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">{message}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
    </section>
  );
}
