import { Link } from 'react-router';
import { ComingSoonPanel } from '../../../components/coming-soon-panel';
import { PageHeader } from '../../../components/page-header';

export function SignInPage() {
  return (
    <>
      <PageHeader title="Sign In" description="Manage your stores, offers and bookings." />
      <ComingSoonPanel>
        Merchant sign-in with your business e-mail and password will be available here.
      </ComingSoonPanel>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        New to D3 Deals?{' '}
        <Link to="/sign-up" className="font-medium text-orange-600 hover:underline dark:text-orange-500">
          Create your business account
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link
          to="/request-password-reset"
          className="font-medium text-slate-600 hover:underline dark:text-slate-400"
        >
          Forgot your password?
        </Link>
      </p>
    </>
  );
}
