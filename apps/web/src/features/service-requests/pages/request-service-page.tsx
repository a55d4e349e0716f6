import { ComingSoonPage } from '../../../components/coming-soon';

export function RequestServicePage() {
  return (
    <ComingSoonPage
      title="Request Service"
      note="Soon you can describe what you need, set a budget and get quotes from providers."
    />
  );
}
