import { Link } from 'react-router';
import { ComingSoonPanel } from '../../../components/coming-soon-panel';
import { PageHeader } from '../../../components/page-header';

export function RequestPasswordResetPage() {
  return (
    <>
      <PageHeader title="Reset Password" description="Get a code to choose a new password." />
      <ComingSoonPanel>Resetting your merchant password will be available here.</ComingSoonPanel>
      <p className="mt-6 text-center text-sm">
        <Link to="/sign-in" className="font-medium text-orange-600 hover:underline dark:text-orange-500">
          Back to Sign In
        </Link>
      </p>
    </>
  );
}
