import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { StorePage } from '../features/catalogue/pages/store-page';
import { storeReviewsQuery, useStoreReviews } from '../features/reviews/api/list-store-reviews';
import { storeReads } from '../lib/api/get-store';
import type { PageReads } from '../lib/api/server-read';

/**
 * Below the store's first screen, and it brings the review form's schemas (zod): its own chunk,
 * fetched while the store draws (issue 16).
 */
const ReviewsPanel = lazy(async () => ({
  default: (await import('../features/reviews/components/reviews-panel')).ReviewsPanel,
}));

/** What the page reads: the store, its offers, its services and its first reviews (signed out). */
export const serverReads: PageReads = ({ params }) => [
  ...storeReads(params.storeId ?? ''),
  storeReviewsQuery(params.storeId ?? '', null, 1),
];

/** The store page with its reviews: app/ composes the two features (neither imports the other). */
export function StoreRoute() {
  // The first page of reviews is asked for with the store (issue 38): no waterfall in the browser, and
  // the server's render has every read after its first pass (two passes, not three).
  const { storeId = '' } = useParams();
  useStoreReviews(storeId, 1);
  return (
    <StorePage
      reviews={(store) => (
        <Suspense fallback={<div aria-busy="true" className="mt-4 min-h-40" />}>
          <ReviewsPanel storeId={store.id} storeName={store.name} />
        </Suspense>
      )}
    />
  );
}
