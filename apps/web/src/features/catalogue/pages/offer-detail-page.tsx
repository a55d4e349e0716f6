import { ComingSoonPage } from '../../../components/coming-soon';

export function OfferDetailPage() {
  return <ComingSoonPage title="Offer Details" note="Full offer details and booking are almost ready." />;
}
