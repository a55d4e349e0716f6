import { ComingSoonPanel } from '../../../components/coming-soon-panel';
import { PageHeader } from '../../../components/page-header';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Your account and notification preferences." />
      <ComingSoonPanel>
        Editing your business account details and notifications will be available here.
      </ComingSoonPanel>
    </>
  );
}
