import { ComingSoonPanel } from '../../../components/coming-soon-panel';
import { PageHeader } from '../../../components/page-header';

export function BookingsPage() {
  return (
    <>
      <PageHeader title="Bookings" description="Appointments at your stores." />
      <ComingSoonPanel>
        Confirming, checking in and completing customer bookings will be available here.
      </ComingSoonPanel>
    </>
  );
}
