import { ComingSoonPage } from '../../../components/coming-soon';

export function FollowedStoresPage() {
  return <ComingSoonPage title="Followed Stores" note="Stores you follow will be listed here." />;
}
