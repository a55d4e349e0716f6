import { ComingSoonPanel } from '../../../components/coming-soon-panel';
import { PageHeader } from '../../../components/page-header';

export function StoresPage() {
  return (
    <>
      <PageHeader title="Stores" description="Your stores, their branches and staff." />
      <ComingSoonPanel>
        Adding and editing stores, branches, opening hours and staff will be available here.
      </ComingSoonPanel>
    </>
  );
}
