import { ComingSoonPanel } from '../../../components/coming-soon-panel';
import { PageHeader } from '../../../components/page-header';

export function ServicesPage() {
  return (
    <>
      <PageHeader title="Services" description="What customers can book at your stores." />
      <ComingSoonPanel>
        Setting up services with prices, durations and booking rules will be available here.
      </ComingSoonPanel>
    </>
  );
}
