import { Link } from 'react-router';
import { ComingSoonPanel } from '../../../components/coming-soon-panel';
import { PageHeader } from '../../../components/page-header';

export function SignUpPage() {
  return (
    <>
      <PageHeader
        title="Create your business account"
        description="List your business on D3 Deals and reach customers across Kenya."
      />
      <ComingSoonPanel>Registering a business account will be available here.</ComingSoonPanel>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <Link to="/sign-in" className="font-medium text-orange-600 hover:underline dark:text-orange-500">
          Sign in
        </Link>
      </p>
    </>
  );
}
