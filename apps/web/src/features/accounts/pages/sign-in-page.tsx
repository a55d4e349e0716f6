import { ComingSoonPage } from '../../../components/coming-soon';

export function SignInPage() {
  return <ComingSoonPage title="Sign In" note="Signing in to D3 Deals is almost ready." />;
}
