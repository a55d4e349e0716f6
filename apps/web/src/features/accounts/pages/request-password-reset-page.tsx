import { ComingSoonPage } from '../../../components/coming-soon';

export function RequestPasswordResetPage() {
  return <ComingSoonPage title="Reset Password" note="Resetting your password online is almost ready." />;
}
