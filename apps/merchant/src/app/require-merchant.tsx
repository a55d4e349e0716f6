import { Navigate, Outlet, useLocation } from 'react-router';
import { useMerchantToken } from '../lib/auth-token';

/** The merchant's own pages: signed out, go to sign-in and come back afterwards. */
export function RequireMerchant() {
  const token = useMerchantToken();
  const location = useLocation();
  if (!token) {
    const returnUrl = `${location.pathname}${location.search}`;
    const query = returnUrl === '/' ? '' : `?redirect=${encodeURIComponent(returnUrl)}`;
    return <Navigate to={`/sign-in${query}`} replace state={{ returnUrl }} />;
  }
  return <Outlet />;
}
