import { ComingSoonPage } from '../../../components/coming-soon';

export function VerifyOtpPage() {
  return <ComingSoonPage title="Verify Phone Number" note="Phone number verification is almost ready." />;
}
