import { ComingSoonPage } from '../../../components/coming-soon';

export function ServiceRequestPage() {
  return (
    <ComingSoonPage title="Service Request" note="The details of this service request will be shown here." />
  );
}
