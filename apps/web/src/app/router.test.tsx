import { apiError } from '@d3/test-support/msw/handlers';
import { mswServer } from '@d3/test-support/msw/server';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { routes } from './router';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const liveToken = `${base64Url('{"alg":"HS256"}')}.${base64Url(
  JSON.stringify({ sub: 'u1', role: 'customer', exp: Math.floor(Date.now() / 1000) + 3600 }),
)}.sig`;

function renderAt(path: string) {
  return renderRoutes(routes, path);
}

async function expectPage(
  path: string,
  expected: { pathname: string; h1: string; search?: string; hash?: string },
) {
  const router = renderAt(path);
  const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  expect(heading.textContent).toBe(expected.h1);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(router.state.location.pathname).toBe(expected.pathname);
  if (expected.search !== undefined) expect(router.state.location.search).toBe(expected.search);
  if (expected.hash !== undefined) expect(router.state.location.hash).toBe(expected.hash);
  return router;
}

// The ids here are made up: the store, offer and service APIs answer 404, so those pages show their
// not-found h1. Every other call fails as an unreachable server would (a network error), without
// touching the network (a real fetch reached whatever listened on 127.0.0.1:3000).
const DETAIL_CALL = /\/api\/v1\/(stores|offers|services|bookings)\/(7d1c|s1|s3|o1|o7|x1|x9|b1)(\?|$)/;

beforeEach(() => {
  localStorage.clear();
  mswServer.use(
    http.all('*/api/v1/*', ({ request }) =>
      DETAIL_CALL.test(request.url) ? apiError('NOT_FOUND', 'Not found') : HttpResponse.error(),
    ),
  );
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const publicPages: [string, string][] = [
  ['/hotdeals', 'Hot Deals'],
  ['/Hotdeals', 'Hot Deals'],
  ['/hot-deals', 'Hot Deals'],
  ['/stores', 'All Stores'],
  ['/Stores', 'All Stores'],
  ['/STORES', 'All Stores'],
  ['/services', 'All Stores'],
  ['/merchants', 'All Stores'],
  ['/providers', 'All Stores'],
  ['/store/7d1c', 'Store Not Found'],
  ['/Store/7d1c', 'Store Not Found'],
  ['/store/s1/offer/o1', 'Offer not found'],
  ['/offer/o1', 'Offer not found'],
  ['/offers/o1', 'Offer not found'],
  ['/view-offer/o1', 'Offer not found'],
  ['/service/x1', 'Service not found'],
  ['/services/x1', 'Service not found'],
  ['/store/s1/service/x1', 'Service not found'],
  ['/store/s1/services/x1', 'Service not found'],
  ['/view-service/x1', 'Service not found'],
  ['/booking/success', 'Booking Confirmed!'],
  ['/accounts/sign-in', 'Sign In'],
  ['/accounts/sign-up', 'Sign Up'],
  ['/request-password-reset', 'Reset Password'],
  ['/request-service', 'Request Service'],
  ['/Requestservice', 'Request Service'],
  ['/service-requests', 'Find Professional Services'],
  ['/service-request/r1', 'Service Request'],
  ['/search', 'D3 Search'],
  ['/contact-us', 'Contact Us'],
  ['/contact', 'Contact Us'],
  ['/faq', 'Frequently Asked Questions'],
  ['/FAQ', 'Frequently Asked Questions'],
  ['/help', 'Frequently Asked Questions'],
  ['/careers', 'Careers'],
  ['/Careers', 'Careers'],
  ['/jobs', 'Careers'],
  ['/terms-conditions', 'Terms & Conditions'],
  ['/terms', 'Terms & Conditions'],
  ['/terms-and-conditions', 'Terms & Conditions'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/privacy', 'Privacy Policy'],
  ['/about-us', 'About D3 Deals'],
  ['/about', 'About D3 Deals'],
  ['/About', 'About D3 Deals'],
  ['/about-d3', 'About D3 Deals'],
];

describe('public pages', () => {
  it.each(publicPages)('%s shows "%s" with the matching document title', async (path, h1) => {
    await expectPage(path, { pathname: path, h1 });
    await waitFor(() => expect(document.title).toBe(`${h1} | D3 Deals`));
  });

  it('home has its own title', async () => {
    await expectPage('/', { pathname: '/', h1: 'Great local deals on the services you love' });
    await waitFor(() => expect(document.title).toBe('D3 Deals — Deals & services in Kenya'));
  });

  it.each([
    ['/search?q=spa', 'Search Results for "spa"'],
    ['/search?query=nails', 'Search Results for "nails"'],
  ])('%s names the query', async (path, h1) => {
    await expectPage(path, { pathname: '/search', h1 });
    await waitFor(() => expect(document.title).toBe(`${h1} | D3 Deals`));
  });

  it('/accounts/verify-otp opened without a phone in navigation state goes to sign-up', async () => {
    await expectPage('/accounts/verify-otp', { pathname: '/accounts/sign-up', h1: 'Sign Up' });
  });

  it('an unknown path shows the 404 page with a way home', async () => {
    await expectPage('/no-such-page', { pathname: '/no-such-page', h1: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found | D3 Deals'));
  });

  it('booking success links to my vouchers and offers', async () => {
    await expectPage('/booking/success', { pathname: '/booking/success', h1: 'Booking Confirmed!' });
    expect(screen.getByText('Your booking has been successfully created.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View My Bookings' }).getAttribute('href')).toBe('/my-vouchers');
    expect(screen.getByRole('link', { name: 'Browse More Offers' }).getAttribute('href')).toBe('/offers');
  });
});

describe('redirects to public pages', () => {
  it.each([
    ['/offer', '/hotdeals', 'Hot Deals'],
    ['/offers', '/hotdeals', 'Hot Deals'],
    ['/deals', '/hotdeals', 'Hot Deals'],
    ['/ViewService/x9', '/service/x9', 'Service not found'],
    ['/offers/spa-day/o7/see-details', '/offer/o7', 'Offer not found'],
    ['/stores/s3/view', '/store/s3', 'Store Not Found'],
    ['/stores/s3', '/store/s3', 'Store Not Found'],
    ['/marketplace', '/service-requests', 'Find Professional Services'],
    ['/booking/confirmed', '/booking/success', 'Booking Confirmed!'],
    ['/booking/complete', '/booking/success', 'Booking Confirmed!'],
    ['/login', '/accounts/sign-in', 'Sign In'],
    ['/signup', '/accounts/sign-up', 'Sign Up'],
  ])('%s goes to %s', async (path, pathname, h1) => {
    await expectPage(path, { pathname, h1 });
  });

  it('store reviews links land on the store with #reviews', async () => {
    await expectPage('/stores/s3/reviews', {
      pathname: '/store/s3',
      h1: 'Store Not Found',
      hash: '#reviews',
    });
  });

  it('/login keeps its redirect query and /signup keeps the referral', async () => {
    await expectPage('/login?redirect=%2Fprofile', {
      pathname: '/accounts/sign-in',
      h1: 'Sign In',
      search: '?redirect=%2Fprofile',
    });
    cleanup();
    await expectPage('/signup?ref=amina', {
      pathname: '/accounts/sign-up',
      h1: 'Sign Up',
      search: '?ref=amina',
    });
  });
});

const accountPages: [string, string][] = [
  ['/profile', 'My Profile'],
  ['/account', 'My Profile'],
  ['/PROFILE', 'My Profile'],
  ['/profile/bookings', 'My Bookings'],
  ['/profile/my-bookings', 'My Bookings'],
  ['/my-bookings', 'My Bookings'],
  ['/profile/bookings/b1', 'Booking Not Found'],
  ['/booking-details/b1', 'Booking Not Found'],
  ['/profile/favourites', 'My Favourite Offers'],
  ['/profile/favorites', 'My Favourite Offers'],
  ['/my-favourites', 'My Favourite Offers'],
  ['/profile/followed-stores', 'Followed Stores'],
  ['/profile/stores', 'Followed Stores'],
  ['/my-stores', 'Followed Stores'],
  ['/profile/earn', 'Referral Rewards'],
  ['/profile/earnings', 'Referral Rewards'],
  ['/profile/rewards', 'Referral Rewards'],
  ['/my-earnings', 'Referral Rewards'],
  ['/profile/settings', 'Profile & Settings'],
  ['/profile/edit', 'Profile & Settings'],
  ['/settings', 'Profile & Settings'],
  ['/profile/service-requests', 'My Service Requests'],
  ['/profile/requests', 'My Service Requests'],
  ['/my-service-requests', 'My Service Requests'],
  ['/chat', 'Chat'],
  ['/chat/Store/s1', 'Chat'],
  ['/booking/offer/o1', 'Offer unavailable'],
  ['/booking/service/x1', 'Service unavailable'],
  ['/store/s1/service/x1/book', 'Service unavailable'],
  ['/store/s1/offer/o1/book', 'Offer unavailable'],
];

describe('account pages, signed in', () => {
  beforeEach(() => localStorage.setItem('access_token', liveToken));

  it.each(accountPages)('%s shows "%s"', async (path, h1) => {
    await expectPage(path, { pathname: path, h1 });
    await waitFor(() => expect(document.title).toBe(`${h1} | D3 Deals`));
  });

  it.each([
    ['/book/o1', '/booking/offer/o1', 'Offer unavailable'],
    ['/offers/o1/book', '/booking/offer/o1', 'Offer unavailable'],
    ['/service/x1/book', '/booking/service/x1', 'Service unavailable'],
    ['/services/x1/book', '/booking/service/x1', 'Service unavailable'],
    ['/booking/b1', '/booking-details/b1', 'Booking Not Found'],
    ['/bookings', '/profile/bookings', 'My Bookings'],
    ['/vouchers', '/profile/bookings', 'My Bookings'],
    ['/my-vouchers', '/profile/bookings', 'My Bookings'],
    ['/Checkout', '/profile/bookings', 'My Bookings'],
    ['/checkout', '/profile/bookings', 'My Bookings'],
    ['/payment', '/profile/bookings', 'My Bookings'],
    ['/messages', '/chat', 'Chat'],
    ['/CHAT', '/chat', 'Chat'],
    ['/marketplace/offers/q1', '/profile/service-requests', 'My Service Requests'],
  ])('%s goes to %s', async (path, pathname, h1) => {
    await expectPage(path, { pathname, h1 });
  });
});

describe('account pages, signed out', () => {
  it.each(accountPages.map(([path]) => path))('%s sends the visitor to sign-in and back', async (path) => {
    const router = await expectPage(path, {
      pathname: '/accounts/sign-in',
      h1: 'Sign In',
      search: `?redirect=${encodeURIComponent(path)}`,
    });
    expect(router.state.location.state).toEqual({ returnUrl: path });
  });

  it('keeps the query string in the return address', async () => {
    await expectPage('/profile/bookings?tab=past', {
      pathname: '/accounts/sign-in',
      h1: 'Sign In',
      search: `?redirect=${encodeURIComponent('/profile/bookings?tab=past')}`,
    });
  });

  it('treats an expired token as signed out', async () => {
    const expired = `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify({ sub: 'u1', exp: 1 }))}.sig`;
    localStorage.setItem('token', expired);
    await expectPage('/profile', { pathname: '/accounts/sign-in', h1: 'Sign In' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a redirect into a guarded page ends at sign-in with the final address', async () => {
    await expectPage('/book/o1', {
      pathname: '/accounts/sign-in',
      h1: 'Sign In',
      search: `?redirect=${encodeURIComponent('/booking/offer/o1')}`,
    });
  });
});
