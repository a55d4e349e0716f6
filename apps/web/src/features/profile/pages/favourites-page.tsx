import { ComingSoonPage } from '../../../components/coming-soon';

export function FavouritesPage() {
  return <ComingSoonPage title="My Favourite Offers" note="Offers you save will be listed here." />;
}
