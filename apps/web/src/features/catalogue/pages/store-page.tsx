import { ComingSoonPage } from '../../../components/coming-soon';

export function StorePage() {
  return (
    <ComingSoonPage
      title="Store"
      note="Store profiles with their offers, services, outlets and reviews are almost ready."
    />
  );
}
