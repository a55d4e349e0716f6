import { generatePath, Navigate, useLocation, useParams } from 'react-router';

/**
 * Redirects an old or alternative address to its page. `to` may use the route's params (`/store/:storeId`)
 * and a fragment (`/store/:storeId#reviews`); the query string is carried over unless `to` sets its own.
 */
export function RedirectRoute({ to }: { to: string }) {
  const params = useParams();
  const { search, hash } = useLocation();
  const [pathPart, fragment] = to.split('#');
  const [pattern = '/', ownQuery] = (pathPart ?? '/').split('?');
  const path = generatePath(pattern, params as Record<string, string>);
  const query = ownQuery !== undefined ? `?${ownQuery}` : search;
  const targetHash = fragment !== undefined ? `#${fragment}` : hash;
  return <Navigate to={`${path}${query}${targetHash}`} replace />;
}
