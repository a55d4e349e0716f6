import { type ComponentType, lazy, type ReactElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found';
import type { PageReads } from '../lib/api/server-read';
import { loadAreas, type MessageArea } from '../lib/locale';
import { RedirectRoute } from './redirect-route';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Each page is its own chunk, so the home page downloads only the code it shows; its areas' messages
 * (issue 33) load beside it, in the page's language, before it renders.
 */
function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  areas: readonly MessageArea[],
) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadAreas(areas)]);
    return { default: module[name] as ComponentType };
  });
}

/** The route handle of a server-rendered page: its module's reads, which the server asks first. */
export interface PageHandle {
  reads: () => Promise<PageReads>;
}

/** The handle of a page whose module exports `serverReads` (issue 38: rendered once, not twice). */
const readsOf = (load: () => Promise<{ serverReads: PageReads }>): PageHandle => ({
  reads: async () => (await load()).serverReads,
});

// Its own chunk too: a visit that starts on another page does not load and run the home page's code
// (issue 16); on "/" the server names it in the page's preloads, so it downloads beside the shell.
const homeModule = () => import('../features/home/pages/home-page');
const HomePage = page(homeModule, 'HomePage', ['home']);
const hotDealsModule = () => import('../features/catalogue/pages/hot-deals-page');
const HotDealsPage = page(hotDealsModule, 'HotDealsPage', ['catalogue']);
const storesModule = () => import('../features/catalogue/pages/stores-page');
const StoresPage = page(storesModule, 'StoresPage', ['catalogue']);
const storeModule = () => import('./store-route');
const StorePage = page(storeModule, 'StoreRoute', ['catalogue']);
const offerModule = () => import('../features/catalogue/pages/offer-detail-page');
const OfferDetailPage = page(offerModule, 'OfferDetailPage', ['catalogue']);
const ServiceDetailPage = page(
  () => import('../features/catalogue/pages/service-detail-page'),
  'ServiceDetailPage',
  ['catalogue'],
);
const ChatPage = page(() => import('../features/chat/pages/chat-page'), 'ChatPage', ['chat']);
const BookPage = page(() => import('../features/bookings/pages/book-page'), 'BookPage', ['booking']);
const BookingSuccessPage = page(
  () => import('../features/bookings/pages/booking-success-page'),
  'BookingSuccessPage',
  ['booking'],
);
const MyBookingsPage = page(() => import('../features/bookings/pages/my-bookings-page'), 'MyBookingsPage', [
  'booking',
]);
const BookingDetailsPage = page(
  () => import('../features/bookings/pages/booking-details-page'),
  'BookingDetailsPage',
  ['booking'],
);
const SplitLinkPage = page(() => import('../features/splits/pages/split-link-page'), 'SplitLinkPage', [
  'splits',
  'booking',
]);
const SplitManagePage = page(() => import('../features/splits/pages/split-manage-page'), 'SplitManagePage', [
  'splits',
  'booking',
]);
const SignInPage = page(() => import('../features/accounts/pages/sign-in-page'), 'SignInPage', ['accounts']);
const SignUpPage = page(() => import('../features/accounts/pages/sign-up-page'), 'SignUpPage', ['accounts']);
const VerifyOtpPage = page(() => import('../features/accounts/pages/verify-otp-page'), 'VerifyOtpPage', [
  'accounts',
]);
const RequestPasswordResetPage = page(
  () => import('../features/accounts/pages/request-password-reset-page'),
  'RequestPasswordResetPage',
  ['accounts'],
);
const RequestServicePage = page(
  () => import('../features/service-requests/pages/request-service-page'),
  'RequestServicePage',
  ['requests'],
);
const serviceRequestsModule = () => import('../features/service-requests/pages/service-requests-page');
const ServiceRequestsPage = page(serviceRequestsModule, 'ServiceRequestsPage', ['requests']);
const ServiceRequestPage = page(
  () => import('../features/service-requests/pages/service-request-page'),
  'ServiceRequestPage',
  ['requests'],
);
const MyServiceRequestsPage = page(
  () => import('../features/service-requests/pages/my-service-requests-page'),
  'MyServiceRequestsPage',
  ['requests'],
);
const ProfilePage = page(() => import('../features/profile/pages/profile-page'), 'ProfilePage', ['profile']);
const FavouritesPage = page(() => import('../features/profile/pages/favourites-page'), 'FavouritesPage', [
  'profile',
]);
const FollowedStoresPage = page(
  () => import('../features/profile/pages/followed-stores-page'),
  'FollowedStoresPage',
  ['profile'],
);
const EarnPage = page(() => import('../features/profile/pages/earn-page'), 'EarnPage', ['profile']);
const SettingsPage = page(() => import('../features/profile/pages/settings-page'), 'SettingsPage', [
  'profile',
]);
const SearchPage = page(() => import('../features/search/pages/search-page'), 'SearchPage', ['search']);
const ContactPage = page(() => import('../features/static-pages/pages/contact-page'), 'ContactPage', [
  'static',
]);
const FaqPage = page(() => import('../features/static-pages/pages/faq-page'), 'FaqPage', ['static']);
const CareersPage = page(() => import('../features/static-pages/pages/careers-page'), 'CareersPage', [
  'static',
]);
const TermsPage = page(() => import('../features/static-pages/pages/terms-page'), 'TermsPage', ['static']);
const PrivacyPage = page(() => import('../features/static-pages/pages/privacy-page'), 'PrivacyPage', [
  'static',
]);
const AboutPage = page(() => import('../features/static-pages/pages/about-page'), 'AboutPage', ['static']);

/** The same page at several addresses (the seed's aliases, case variants included). */
function at(paths: readonly string[], element: ReactElement, handle?: PageHandle): RouteObject[] {
  return paths.map((path) => ({ path, element, handle }));
}

function redirect(
  paths: readonly string[],
  to: string,
  options: { caseSensitive?: boolean } = {},
): RouteObject[] {
  return paths.map((path) => ({ path, element: <RedirectRoute to={to} />, ...options }));
}

/** Pages anyone may open. */
const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage />, handle: readsOf(homeModule) },

  // Catalogue
  ...at(['/hotdeals', '/Hotdeals', '/hot-deals'], <HotDealsPage />, readsOf(hotDealsModule)),
  ...redirect(['/offer', '/offers'], '/hotdeals'),
  ...redirect(['/deals'], '/offers'),
  ...at(
    ['/stores', '/Stores', '/STORES', '/services', '/merchants', '/providers'],
    <StoresPage />,
    readsOf(storesModule),
  ),
  ...at(['/store/:storeId', '/Store/:storeId'], <StorePage />, readsOf(storeModule)),
  ...at(
    ['/store/:storeId/offer/:offerId', '/offer/:offerId', '/offers/:offerId', '/view-offer/:offerId'],
    <OfferDetailPage />,
    readsOf(offerModule),
  ),
  ...at(
    [
      '/service/:serviceId',
      '/services/:serviceId',
      '/store/:storeId/service/:serviceId',
      '/store/:storeId/services/:serviceId',
      '/view-service/:serviceId',
    ],
    <ServiceDetailPage />,
  ),
  ...redirect(['/ViewService/:serviceId'], '/service/:serviceId'),

  // Search result and notification links that use other shapes
  ...redirect(['/offers/:slug/:offerId/see-details'], '/offer/:offerId'),
  ...redirect(['/stores/:storeId/view', '/stores/:storeId'], '/store/:storeId'),
  ...redirect(['/stores/:storeId/reviews'], '/store/:storeId#reviews'),
  ...redirect(['/marketplace'], '/service-requests'),
  ...redirect(['/marketplace/offers/:offerId'], '/profile/service-requests'),

  // Booking: the confirmation page is public; redirects land on guarded pages
  { path: '/booking/success', element: <BookingSuccessPage /> },
  ...redirect(['/booking/confirmed', '/booking/complete'], '/booking/success'),
  ...redirect(['/book/:offerId', '/offers/:offerId/book'], '/booking/offer/:offerId'),
  ...redirect(['/service/:serviceId/book', '/services/:serviceId/book'], '/booking/service/:serviceId'),
  // /booking/{id} names a booking that exists already: its (guarded) detail page shows it.
  ...redirect(['/booking/:bookingId'], '/booking-details/:bookingId'),
  // Split with friends (issue 34): the share link friends open (no account needed).
  { path: '/split/:token', element: <SplitLinkPage /> },
  ...redirect(['/bookings', '/vouchers', '/my-vouchers'], '/profile/bookings'),
  ...redirect(['/Checkout', '/checkout', '/payment'], '/profile/bookings'),
  ...redirect(['/messages'], '/chat'),
  // Matching is case-insensitive by default, so without this /chat itself would match and loop.
  ...redirect(['/CHAT'], '/chat', { caseSensitive: true }),

  // Accounts
  { path: '/accounts/sign-in', element: <SignInPage /> },
  { path: '/accounts/sign-up', element: <SignUpPage /> },
  { path: '/accounts/verify-otp', element: <VerifyOtpPage /> },
  { path: '/request-password-reset', element: <RequestPasswordResetPage /> },
  ...redirect(['/login'], '/accounts/sign-in'),
  ...redirect(['/signup'], '/accounts/sign-up'),

  // Service requests (the public list wins /service-requests over the profile alias)
  ...at(['/request-service', '/Requestservice'], <RequestServicePage />),
  { path: '/service-requests', element: <ServiceRequestsPage />, handle: readsOf(serviceRequestsModule) },
  { path: '/service-request/:requestId', element: <ServiceRequestPage /> },

  // Search
  { path: '/search', element: <SearchPage /> },

  // Static pages
  ...at(['/contact-us', '/contact'], <ContactPage />),
  ...at(['/faq', '/FAQ', '/help'], <FaqPage />),
  ...at(['/careers', '/Careers', '/jobs'], <CareersPage />),
  ...at(['/terms-conditions', '/terms', '/terms-and-conditions'], <TermsPage />),
  ...at(['/privacy-policy', '/privacy'], <PrivacyPage />),
  ...at(['/about-us', '/about', '/About', '/about-d3'], <AboutPage />),
];

/** Pages that need a signed-in customer. */
const accountRoutes: RouteObject[] = [
  ...at(['/profile', '/account', '/PROFILE'], <ProfilePage />),
  ...at(['/profile/bookings', '/profile/my-bookings', '/my-bookings'], <MyBookingsPage />),
  ...at(['/profile/bookings/:bookingId', '/booking-details/:bookingId'], <BookingDetailsPage />),
  ...at(['/profile/favourites', '/profile/favorites', '/my-favourites'], <FavouritesPage />),
  ...at(['/profile/followed-stores', '/profile/stores', '/my-stores'], <FollowedStoresPage />),
  ...at(['/profile/earn', '/profile/earnings', '/profile/rewards', '/my-earnings'], <EarnPage />),
  ...at(['/profile/settings', '/profile/edit', '/settings'], <SettingsPage />),
  ...at(
    ['/profile/service-requests', '/profile/requests', '/my-service-requests'],
    <MyServiceRequestsPage />,
  ),
  ...at(['/chat', '/chat/Store/:storeId'], <ChatPage />),
  { path: '/split-booking/:splitId', element: <SplitManagePage /> },
  ...at(
    [
      '/booking/offer/:offerId',
      '/booking/service/:serviceId',
      '/booking/quote/:quoteId',
      '/store/:storeId/service/:serviceId/book',
      '/store/:storeId/offer/:offerId/book',
    ],
    <BookPage />,
  ),
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        // A page that fails to open (its code offline, or gone with a new build) says so under the layout.
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          { element: <RequireAuth />, children: accountRoutes },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
