import { ComingSoonPanel } from '../../../components/coming-soon-panel';
import { PageHeader } from '../../../components/page-header';

export function ChatPage() {
  return (
    <>
      <PageHeader title="Chat" description="Conversations with your customers." />
      <ComingSoonPanel>Reading and answering customer messages will be available here.</ComingSoonPanel>
    </>
  );
}
