import { Link, Outlet } from 'react-router';
import { Logo } from './logo';

/** Sign-in, sign-up and password reset: no sidebar, one centred card. */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10">
      <Link to="/" aria-label="D3 Deals Merchant" className="rounded-xl">
        <Logo />
      </Link>
      <main className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <Outlet />
      </main>
      <p className="text-sm text-slate-500 dark:text-slate-400">
        Looking for deals?{' '}
        <a href="/" className="font-medium text-orange-600 hover:underline dark:text-orange-500">
          Go to D3 Deals
        </a>
      </p>
    </div>
  );
}
