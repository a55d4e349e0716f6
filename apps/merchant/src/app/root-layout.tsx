import { Outlet, ScrollRestoration } from 'react-router';

/** Wraps every route: each route change starts at the top of the page (back/forward restores). */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
