/**
 * The customer site's whole route table (seed 000 §2 "Route table", with the redirects decided in
 * API-CONTRACT.md and by the team): every path, alias and redirect with the page it shows. Walked by
 * specs/route-table.spec.ts (address and heading) and specs/quality.spec.ts (layout and accessibility).
 */

export const ID = '3b9f2c1e-8d4a-4c6b-9e2f-1a2b3c4d5e6f';
export const STORE_ID = '5d2a7f4e-1c3b-4e8d-a9f6-2b7c8d9e0f1a';

export type TRouteRow = {
  /** The address the visitor opens. */
  open: string;
  /** The address they end on when allowed in: the same for an alias, the target for a redirect. */
  lands: string;
  /** The page's name: the text of its one h1, and its title as "<name> | D3 Deals". */
  page: string;
  /** An account page: signed out, the visitor is sent to sign-in with `?redirect=` to come back. */
  guarded?: boolean;
};

/** The same page at each of these addresses. */
function alias(paths: readonly string[], page: string, options: { guarded?: boolean } = {}): TRouteRow[] {
  return paths.map((path) => ({ open: path, lands: path, page, ...options }));
}

/** These addresses redirect to `lands`. */
function redirect(
  paths: readonly string[],
  lands: string,
  page: string,
  options: { guarded?: boolean } = {},
): TRouteRow[] {
  return paths.map((path) => ({ open: path, lands, page, ...options }));
}

const guarded = { guarded: true } as const;

export const ROUTES: readonly TRouteRow[] = [
  // Catalogue
  ...alias(['/hotdeals', '/Hotdeals', '/hot-deals'], 'Hot Deals'),
  ...redirect(['/offer', '/offers', '/deals'], '/hotdeals', 'Hot Deals'), // /deals goes by way of /offers
  ...alias(['/stores', '/Stores', '/STORES', '/services', '/merchants', '/providers'], 'All Stores'),
  // The ids are made up, so the detail pages show their not-found state (its h1 and title).
  ...alias([`/store/${STORE_ID}`, `/Store/${STORE_ID}`], 'Store Not Found'),
  ...redirect([`/stores/${STORE_ID}`, `/stores/${STORE_ID}/view`], `/store/${STORE_ID}`, 'Store Not Found'),
  ...redirect([`/stores/${STORE_ID}/reviews`], `/store/${STORE_ID}#reviews`, 'Store Not Found'),
  ...alias(
    [`/store/${STORE_ID}/offer/${ID}`, `/offer/${ID}`, `/offers/${ID}`, `/view-offer/${ID}`],
    'Offer not found',
  ),
  ...redirect([`/offers/relaxing-spa-day/${ID}/see-details`], `/offer/${ID}`, 'Offer not found'),
  ...alias(
    [
      `/service/${ID}`,
      `/services/${ID}`,
      `/store/${STORE_ID}/service/${ID}`,
      `/store/${STORE_ID}/services/${ID}`,
      `/view-service/${ID}`,
    ],
    'Service not found',
  ),
  ...redirect([`/ViewService/${ID}`], `/service/${ID}`, 'Service not found'),

  // Chat
  ...alias(['/chat', `/chat/Store/${STORE_ID}`], 'Chat', guarded),
  ...redirect(['/messages', '/CHAT'], '/chat', 'Chat', guarded),

  // Booking (made-up ids: the wizard says the offer or service is unavailable, the detail page that
  // the booking is not found)
  ...alias([`/booking/offer/${ID}`, `/store/${STORE_ID}/offer/${ID}/book`], 'Offer unavailable', guarded),
  ...alias(
    [`/booking/service/${ID}`, `/store/${STORE_ID}/service/${ID}/book`],
    'Service unavailable',
    guarded,
  ),
  ...redirect([`/booking/${ID}`], `/booking-details/${ID}`, 'Booking Not Found', guarded),
  ...redirect([`/book/${ID}`, `/offers/${ID}/book`], `/booking/offer/${ID}`, 'Offer unavailable', guarded),
  ...redirect(
    [`/service/${ID}/book`, `/services/${ID}/book`],
    `/booking/service/${ID}`,
    'Service unavailable',
    guarded,
  ),
  ...alias(['/booking/success'], 'Booking Confirmed!'),
  // Split with friends (issue 34): a made-up link token, and a made-up split of the organiser's.
  ...alias(['/split/Xy7_k2Lm9Qw3Er5Ty8Ui0Op1As4Df6Gh'], 'Split with friends'),
  ...alias([`/split-booking/${ID}`], 'Split with friends', guarded),
  ...redirect(['/booking/confirmed', '/booking/complete'], '/booking/success', 'Booking Confirmed!'),
  ...redirect(
    ['/bookings', '/vouchers', '/my-vouchers', '/Checkout', '/payment', '/checkout'],
    '/profile/bookings',
    'My Bookings',
    guarded,
  ),

  // Accounts
  ...alias(['/accounts/sign-in'], 'Sign In'),
  ...alias(['/accounts/sign-up'], 'Sign Up'),
  // The OTP form needs the phone in navigation state (seed 000 §2): opened directly, it sends you to sign-up.
  ...redirect(['/accounts/verify-otp'], '/accounts/sign-up', 'Sign Up'),
  ...alias(['/request-password-reset'], 'Reset Password'),
  ...redirect(['/login'], '/accounts/sign-in', 'Sign In'),
  ...redirect(['/signup'], '/accounts/sign-up', 'Sign Up'),

  // Service requests (/service-requests is the public page, not the profile alias)
  ...alias(['/request-service', '/Requestservice'], 'Request Service'),
  ...alias(['/service-requests'], 'Find Professional Services'),
  ...redirect(['/marketplace'], '/service-requests', 'Find Professional Services'),
  ...alias([`/service-request/${ID}`], 'Service Request Not Found'),
  ...redirect([`/marketplace/offers/${ID}`], '/profile/service-requests', 'My Service Requests', guarded),

  // Profile
  ...alias(['/profile', '/account', '/PROFILE'], 'My Profile', guarded),
  ...alias(['/profile/bookings', '/profile/my-bookings', '/my-bookings'], 'My Bookings', guarded),
  ...alias([`/profile/bookings/${ID}`, `/booking-details/${ID}`], 'Booking Not Found', guarded),
  ...alias(['/profile/favourites', '/profile/favorites', '/my-favourites'], 'My Favourite Offers', guarded),
  ...alias(['/profile/followed-stores', '/profile/stores', '/my-stores'], 'Followed Stores', guarded),
  ...alias(
    ['/profile/earn', '/profile/earnings', '/profile/rewards', '/my-earnings'],
    'Referral Rewards',
    guarded,
  ),
  ...alias(['/profile/settings', '/profile/edit', '/settings'], 'Profile & Settings', guarded),
  ...alias(
    ['/profile/service-requests', '/profile/requests', '/my-service-requests'],
    'My Service Requests',
    guarded,
  ),

  // Static pages
  ...alias(['/contact-us', '/contact'], 'Contact Us'),
  ...alias(['/faq', '/FAQ', '/help'], 'Frequently Asked Questions'),
  ...alias(['/careers', '/Careers', '/jobs'], 'Careers'),
  ...alias(['/terms-conditions', '/terms', '/terms-and-conditions'], 'Terms & Conditions'),
  ...alias(['/privacy-policy', '/privacy'], 'Privacy Policy'),
  ...alias(['/about-us', '/about', '/About', '/about-d3'], 'About D3 Deals'),

  // Search (the page reads `q`, and `query` from the other client: API-CONTRACT.md decision 4)
  ...alias(['/search?q=spa', '/search?query=spa'], 'Search Results for "spa"'),
  ...alias(['/search'], 'D3 Search'),

  // Anything else
  ...alias(['/no-such-page-here'], 'Page not found'),
];
