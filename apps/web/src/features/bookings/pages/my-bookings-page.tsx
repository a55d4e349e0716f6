import { ComingSoonPage } from '../../../components/coming-soon';

export function MyBookingsPage() {
  return <ComingSoonPage title="My Bookings" note="Your offer and service bookings will be listed here." />;
}
