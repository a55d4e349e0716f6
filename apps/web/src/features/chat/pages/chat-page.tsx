import { ComingSoonPage } from '../../../components/coming-soon';

export function ChatPage() {
  return <ComingSoonPage title="Chat" note="Soon you will be able to message stores directly from here." />;
}
