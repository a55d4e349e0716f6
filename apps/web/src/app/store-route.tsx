import { StorePage } from '../features/catalogue/pages/store-page';
import { ReviewsPanel } from '../features/reviews/components/reviews-panel';

/** The store page with its reviews: app/ composes the two features (neither imports the other). */
export function StoreRoute() {
  return <StorePage reviews={(store) => <ReviewsPanel storeId={store.id} storeName={store.name} />} />;
}
