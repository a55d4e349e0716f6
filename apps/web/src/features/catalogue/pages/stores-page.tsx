import { ComingSoonPage } from '../../../components/coming-soon';

export function StoresPage() {
  return (
    <ComingSoonPage
      title="All Stores"
      note="Every store and service provider on D3 Deals will be listed here, with categories and sorting."
    />
  );
}
