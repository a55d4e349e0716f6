import { ComingSoonPage } from '../../../components/coming-soon';

export function EarnPage() {
  return (
    <ComingSoonPage title="Referral Rewards" note="Your referral link and earnings will be shown here." />
  );
}
