import { ComingSoonPage } from '../../../components/coming-soon';

export function SignUpPage() {
  return <ComingSoonPage title="Sign Up" note="Creating a D3 Deals account is almost ready." />;
}
