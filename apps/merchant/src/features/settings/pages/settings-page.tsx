import { KeyRound, Mail, Phone, User } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { buttonClass, Card, ErrorState, LoadingState } from '../../../components/ui';
import { useMerchantMe } from '../../../lib/api/get-merchant-me';
import { useMerchantToken } from '../../../lib/auth-token';

export function SettingsPage() {
  const me = useMerchantMe(useMerchantToken());
  return (
    <>
      <PageHeader title="Settings" description="Your account and sign-in." />
      {me.isPending ? (
        <LoadingState label="Loading your account…" />
      ) : me.isError ? (
        <ErrorState message={me.error.message} onRetry={() => void me.refetch()} />
      ) : (
        <div className="grid gap-5 lg:grid-cols-2">
          <Card>
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Profile</h2>
            <dl className="mt-3 space-y-3 text-sm">
              <div className="flex items-center gap-3">
                <User aria-hidden="true" className="size-4 text-slate-400" />
                <dt className="sr-only">Name</dt>
                <dd className="text-slate-900 dark:text-white">
                  {me.data.merchant.firstName} {me.data.merchant.lastName}
                </dd>
              </div>
              <div className="flex items-center gap-3">
                <Mail aria-hidden="true" className="size-4 text-slate-400" />
                <dt className="sr-only">Email</dt>
                <dd className="break-all text-slate-900 dark:text-white">{me.data.merchant.email}</dd>
              </div>
              <div className="flex items-center gap-3">
                <Phone aria-hidden="true" className="size-4 text-slate-400" />
                <dt className="sr-only">Phone</dt>
                <dd className="text-slate-900 dark:text-white">{me.data.merchant.phoneNumber ?? '—'}</dd>
              </div>
            </dl>
          </Card>
          <Card>
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Password</h2>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              We e-mail you a code to set a new password, so a changed password always proves you own the
              address.
            </p>
            <Link to="/request-password-reset" className={`${buttonClass('secondary')} mt-4`}>
              <KeyRound aria-hidden="true" className="size-4" /> Change password
            </Link>
          </Card>
        </div>
      )}
    </>
  );
}
