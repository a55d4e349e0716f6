/**
 * A site's route table as the server sees it (issue 36: an unknown address answers HTTP 404 with
 * the not-found page). Each site's build writes `site-routes.json` beside its index.html: the path
 * of every route of its router (React Router syntax, relative to the site's base), the catch-all
 * '*' left out. The API answers a path that none matches with 404. Pure, so the builds, the server
 * and their tests share it.
 */

/** The part of a React Router route object the table needs. */
export interface RouteLike {
  path?: string;
  index?: boolean;
  children?: RouteLike[];
}

/** The file each site build writes beside its index.html. */
export const SITE_ROUTES_FILE = 'site-routes.json';

/**
 * The customer site's index.html as the API serves it, unrendered, always 200: its service worker
 * keeps it at install to answer a page opened offline that was never opened online (issue 32). It is
 * no route of the site's router, so the route table would otherwise answer it 404 and the worker's
 * install would fail.
 */
export const APP_SHELL_PATH = '/app-shell';

function join(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  return `${base}${path}`;
}

/**
 * Every path the routes answer, absolute from the site's base ('/'), nested paths joined; pathless
 * layouts pass their children through; the catch-all '*' (the not-found page) is left out.
 */
export function routePaths(routes: readonly RouteLike[], parent = '/'): string[] {
  const paths = new Set<string>();
  for (const route of routes) {
    if (route.path === '*') continue;
    const here = route.path === undefined ? parent : join(parent, route.path);
    if (route.index || (route.path !== undefined && !route.children?.length)) paths.add(here);
    if (route.children) for (const path of routePaths(route.children, here)) paths.add(path);
  }
  return [...paths];
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * Whether `pathname` (relative to the site's base) is a route of `paths`, as React Router matches:
 * any case, ':name' one non-empty segment, ':name?' an optional one, a last '*' the rest.
 */
export function matchesRoutePath(paths: readonly string[], pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    return false;
  }
  const wanted = segments(decoded.toLowerCase());
  return paths.some((path) => matchesOne(segments(path.toLowerCase()), wanted));
}

function matchesOne(pattern: string[], wanted: string[]): boolean {
  let at = 0;
  for (const [index, part] of pattern.entries()) {
    if (part === '*' && index === pattern.length - 1) return true;
    const optional = part.endsWith('?');
    const name = optional ? part.slice(0, -1) : part;
    const segment = wanted[at];
    if (segment === undefined) {
      if (optional) continue;
      return false;
    }
    if (name.startsWith(':') || name === segment) at += 1;
    else if (!optional) return false;
  }
  return at === wanted.length;
}
