import { ComingSoonPage } from '../../../components/coming-soon';

export function SettingsPage() {
  return (
    <ComingSoonPage
      title="Profile & Settings"
      note="Editing your profile and notification settings is almost ready."
    />
  );
}
