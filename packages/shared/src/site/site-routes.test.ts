import { describe, expect, it } from 'vitest';
import { matchesRoutePath, routePaths } from './site-routes.js';

describe('site routes (issue 36: unknown addresses are 404)', () => {
  const routes = [
    {
      path: '/',
      children: [
        { index: true },
        { path: '/stores' },
        { path: '/store/:storeId' },
        { children: [{ path: '/profile' }, { path: 'profile/bookings/:bookingId' }] },
        { path: '*' },
      ],
    },
  ];

  it('routePaths — nested and pathless routes flattened, the catch-all left out', () => {
    expect(routePaths(routes).sort()).toEqual([
      '/',
      '/profile',
      '/profile/bookings/:bookingId',
      '/store/:storeId',
      '/stores',
    ]);
    expect(routePaths([{ children: [{ index: true }, { path: 'sign-in' }, { path: '*' }] }]).sort()).toEqual([
      '/',
      '/sign-in',
    ]);
  });

  it('matchesRoutePath — any case, a trailing slash, one segment per param; unknown and deeper paths do not', () => {
    const paths = routePaths(routes);
    expect(matchesRoutePath(paths, '/')).toBe(true);
    expect(matchesRoutePath(paths, '/STORES/')).toBe(true);
    expect(matchesRoutePath(paths, '/store/abc')).toBe(true);
    expect(matchesRoutePath(paths, '/profile/bookings/7')).toBe(true);
    expect(matchesRoutePath(paths, '/store')).toBe(false);
    expect(matchesRoutePath(paths, '/store/abc/def')).toBe(false);
    expect(matchesRoutePath(paths, '/no-such-page')).toBe(false);
    expect(matchesRoutePath(paths, '/%E0%A4%A')).toBe(false);
    expect(matchesRoutePath(['/files/*', '/a/:b?'], '/files/x/y')).toBe(true);
    expect(matchesRoutePath(['/a/:b?'], '/a')).toBe(true);
  });
});
