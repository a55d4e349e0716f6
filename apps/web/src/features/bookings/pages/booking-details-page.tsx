import { ComingSoonPage } from '../../../components/coming-soon';

export function BookingDetailsPage() {
  return (
    <ComingSoonPage title="Booking Details" note="The full details of each booking will be shown here." />
  );
}
