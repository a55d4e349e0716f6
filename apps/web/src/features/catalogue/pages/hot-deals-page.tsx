import { ComingSoonPage } from '../../../components/coming-soon';

export function HotDealsPage() {
  return (
    <ComingSoonPage
      title="Hot Deals"
      note="The latest discounts from stores near you will be listed here, with filters by category and price."
    />
  );
}
