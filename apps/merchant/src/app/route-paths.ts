/**
 * The merchant site's route table as paths under /merchant/ (issue 36): the build writes it as
 * site-routes.json beside index.html (vite.config.ts) and the API answers any other address with
 * HTTP 404. `route-paths.test.ts` keeps it equal to router.tsx's routes.
 */
export const MERCHANT_ROUTE_PATHS = [
  '/',
  '/sign-in',
  '/sign-up',
  '/request-password-reset',
  '/stores',
  '/offers',
  '/services',
  '/bookings',
  '/chat',
  '/service-requests',
  '/reviews',
  '/settings',
] as const;
