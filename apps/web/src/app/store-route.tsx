import { lazy, Suspense } from 'react';
import { StorePage } from '../features/catalogue/pages/store-page';

/**
 * Below the store's first screen, and it brings the review form's schemas (zod): its own chunk,
 * fetched while the store draws (issue 16).
 */
const ReviewsPanel = lazy(async () => ({
  default: (await import('../features/reviews/components/reviews-panel')).ReviewsPanel,
}));

/** The store page with its reviews: app/ composes the two features (neither imports the other). */
export function StoreRoute() {
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
