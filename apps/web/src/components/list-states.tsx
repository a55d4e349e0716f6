import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { userErrorMessage } from '../lib/generic-error-message';

/** A list that could not load and has nothing older to show: the reason and a retry. */
export function ListLoadError({
  error,
  onRetry,
  retryLabel,
}: {
  error: unknown;
  onRetry: () => void;
  retryLabel: string;
}) {
  return (
    <div role="alert" className="card mt-6 flex flex-col items-center gap-3 px-6 py-12 text-center">
      <AlertTriangle aria-hidden="true" className="size-8 text-red-600 dark:text-red-400" />
      <p className="font-semibold text-slate-900 dark:text-white">{userErrorMessage(error)}</p>
      <button type="button" className="btn-primary" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        {retryLabel}
      </button>
    </div>
  );
}

/** `count` placeholders in the list's own grid while the first page loads. */
export function SkeletonList({
  count,
  className,
  children,
}: {
  count: number;
  className: string;
  children: ReactNode;
}) {
  return (
    <ul aria-busy="true" className={className}>
      {Array.from({ length: count }, (_, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <li key={position}>{children}</li>
      ))}
    </ul>
  );
}

/** The line above a list that says how many it holds (announced as it changes), or that it is loading. */
export function ListCount({
  testId,
  pending,
  pendingText,
  children,
}: {
  testId: string;
  pending: boolean;
  pendingText: string;
  children: ReactNode;
}) {
  return (
    <p className="mr-auto text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid={testId}>
      {pending ? pendingText : children}
    </p>
  );
}
