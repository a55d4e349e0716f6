import { lazy, Suspense } from 'react';
import type { ReviewEditorProps } from './review-editor';

/** The form brings the review schemas (zod and what they import): fetched only when a form is shown. */
const ReviewEditor = lazy(async () => ({ default: (await import('./review-editor')).ReviewEditor }));

/**
 * The review form, loaded on first use: a visitor who only reads reviews never downloads or runs the
 * schemas (issue 16: that chunk's start-up was one of the store page's long tasks on a phone).
 */
export function LazyReviewEditor(props: ReviewEditorProps) {
  return (
    <Suspense fallback={<div aria-busy="true" className="min-h-44" />}>
      <ReviewEditor {...props} />
    </Suspense>
  );
}
