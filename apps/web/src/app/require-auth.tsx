import { Navigate, Outlet, useLocation } from 'react-router';
import { signInUrlFor } from '../lib/sign-in';
import { useSession } from '../lib/use-session';

/** Guards account pages: without a valid (unexpired) token the visitor is sent to sign-in and returns afterwards. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate to={signInUrlFor(returnUrl)} replace state={{ returnUrl }} />;
  }
  return <Outlet />;
}
