import { ComingSoonPage } from '../../../components/coming-soon';

export function MyServiceRequestsPage() {
  return (
    <ComingSoonPage
      title="My Service Requests"
      note="Your service requests and the quotes you receive will be listed here."
    />
  );
}
