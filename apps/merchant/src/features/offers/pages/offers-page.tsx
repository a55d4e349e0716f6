import { ComingSoonPanel } from '../../../components/coming-soon-panel';
import { PageHeader } from '../../../components/page-header';

export function OffersPage() {
  return (
    <>
      <PageHeader title="Offers" description="Discounted deals customers can book." />
      <ComingSoonPanel>
        Creating offers with a discount, expiry date and image will be available here.
      </ComingSoonPanel>
    </>
  );
}
