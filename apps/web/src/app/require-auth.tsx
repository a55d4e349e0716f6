import { Navigate, Outlet, useLocation } from 'react-router';
import { SIGN_IN_PATH } from '../lib/api-client';
import { useSession } from '../lib/use-session';

/** Where a signed-out visitor goes: sign-in, carrying the page they wanted (query and state both). */
export function signInRedirectFor(pathAndSearch: string): string {
  return `${SIGN_IN_PATH}?redirect=${encodeURIComponent(pathAndSearch)}`;
}

/** Guards account pages: without a valid (unexpired) token the visitor is sent to sign-in and returns afterwards. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate to={signInRedirectFor(returnUrl)} replace state={{ returnUrl }} />;
  }
  return <Outlet />;
}
