import { ComingSoonPanel } from '../../../components/coming-soon-panel';
import { PageHeader } from '../../../components/page-header';

export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" description="Your business at a glance." />
      <ComingSoonPanel>
        Today's bookings, new reviews and how your offers are doing will show here.
      </ComingSoonPanel>
    </>
  );
}
