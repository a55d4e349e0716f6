import { ComingSoonPanel } from '../../../components/coming-soon-panel';
import { PageHeader } from '../../../components/page-header';

export function ReviewsPage() {
  return (
    <>
      <PageHeader title="Reviews" description="What customers say about your stores." />
      <ComingSoonPanel>Reading reviews and replying to them will be available here.</ComingSoonPanel>
    </>
  );
}
