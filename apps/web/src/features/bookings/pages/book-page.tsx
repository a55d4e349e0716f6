import { ComingSoonPage } from '../../../components/coming-soon';

export function BookPage() {
  return (
    <ComingSoonPage
      title="Book"
      note="Online booking is almost ready: pick a date and time, choose a branch and confirm in a few taps."
    />
  );
}
