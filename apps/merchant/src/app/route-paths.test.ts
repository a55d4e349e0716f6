import { routePaths } from '@d3/shared/site/site-routes';
import { describe, expect, it } from 'vitest';
import { MERCHANT_ROUTE_PATHS } from './route-paths';
import { router } from './router';

describe('merchant route table for the server (issue 36)', () => {
  it('site-routes.json lists exactly the router’s pages', () => {
    expect(routePaths(router.routes).sort()).toEqual([...MERCHANT_ROUTE_PATHS].sort());
  });
});
