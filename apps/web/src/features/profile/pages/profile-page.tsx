import { ComingSoonPage } from '../../../components/coming-soon';

export function ProfilePage() {
  return (
    <ComingSoonPage
      title="My Profile"
      note="Your profile dashboard with bookings, favourites and rewards is almost ready."
    />
  );
}
