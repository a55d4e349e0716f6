import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from './footer';
import { PromoStrip } from './promo-strip';
import { ScrollToTop } from './scroll-to-top';

function renderAt(element: React.ReactNode, path = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <ScrollToTop />
            {element}
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <Link to="/faq">FAQ page</Link> },
          { path: 'faq', element: <Link to="/terms-conditions#fees">Fees</Link> },
          { path: 'terms-conditions', element: <p>Terms</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('site chrome', () => {
  it('scrolls to the top on every route change, but leaves a #fragment to the page', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = renderAt(null);
    scrollTo.mockClear();
    await act(() => router.navigate('/faq'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    scrollTo.mockClear();
    await act(() => router.navigate('/terms-conditions#fees'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('the promo strip shows the seed offer line, List Your Business in a new tab and 24/7 Support', () => {
    renderAt(<PromoStrip />);
    expect(screen.getByText('Get up to 90% OFF from your favourite service providers')).toBeTruthy();
    const listBusiness = screen.getByRole('link', { name: /List Your Business/ });
    expect(listBusiness.getAttribute('href')).toBe('/merchant/sign-up');
    expect(listBusiness.getAttribute('target')).toBe('_blank');
    expect(listBusiness.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: '24/7 Support' }).getAttribute('href')).toBe('/contact-us');
  });

  it('the footer links every seed destination, merchant sign-up and login, and the social profiles', () => {
    renderAt(<Footer />);
    const footer = screen.getByRole('contentinfo');
    const href = (name: string | RegExp) => within(footer).getByRole('link', { name }).getAttribute('href');
    expect(href('About Us')).toBe('/about-us');
    expect(href('Contact Us')).toBe('/contact-us');
    expect(href('Feedback')).toBe('/contact-us');
    expect(href('Advertise')).toBe('/contact-us');
    expect(href('FAQ')).toBe('/faq');
    expect(href('Careers')).toBe('/careers');
    expect(href('Terms & Conditions')).toBe('/terms-conditions');
    expect(href('Privacy Policy')).toBe('/privacy-policy');
    expect(href('All Stores')).toBe('/stores');
    expect(href('Hot Deals')).toBe('/hotdeals');
    expect(href('Login to your account')).toBe('/profile');
    expect(href(/List Your Business/)).toBe('/merchant/sign-up');
    expect(href(/Merchant Login/)).toBe('/merchant/sign-in');
    const socials = within(
      within(footer).getByRole('list', { name: 'D3 Deals on social media' }),
    ).getAllByRole('link');
    expect(socials.map((link) => link.getAttribute('href'))).toEqual([
      'https://facebook.com/d3deals',
      'https://instagram.com/d3deals',
      'https://x.com/d3deals',
      'https://linkedin.com/company/d3deals',
      'https://tiktok.com/@d3deals',
    ]);
  });
});
