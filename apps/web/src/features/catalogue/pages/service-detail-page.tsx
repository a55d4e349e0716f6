import { ComingSoonPage } from '../../../components/coming-soon';

export function ServiceDetailPage() {
  return <ComingSoonPage title="Service Details" note="Full service details and booking are almost ready." />;
}
