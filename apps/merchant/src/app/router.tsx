import { createBrowserRouter } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { MerchantLayout } from '../components/merchant-layout';
import { RequestPasswordResetPage } from '../features/accounts/pages/request-password-reset-page';
import { SignInPage } from '../features/accounts/pages/sign-in-page';
import { SignUpPage } from '../features/accounts/pages/sign-up-page';
import { BookingsPage } from '../features/bookings/pages/bookings-page';
import { ChatPage } from '../features/chat/pages/chat-page';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { OffersPage } from '../features/offers/pages/offers-page';
import { ReviewsPage } from '../features/reviews/pages/reviews-page';
import { ServiceRequestsPage } from '../features/service-requests/pages/service-requests-page';
import { ServicesPage } from '../features/services/pages/services-page';
import { SettingsPage } from '../features/settings/pages/settings-page';
import { StoresPage } from '../features/stores/pages/stores-page';
import { MERCHANT_BASENAME } from '../lib/api-client';
import { NotFoundPage } from './not-found-page';
import { RequireMerchant } from './require-merchant';
import { RootLayout } from './root-layout';

// The merchant site's whole route table. The server serves it under /merchant/ and falls back to its
// index.html for any path below, so every path here is also a deep link.
export const router = createBrowserRouter(
  [
    {
      Component: RootLayout,
      children: [
        {
          Component: AuthLayout,
          children: [
            { path: 'sign-in', Component: SignInPage },
            { path: 'sign-up', Component: SignUpPage },
            { path: 'request-password-reset', Component: RequestPasswordResetPage },
          ],
        },
        {
          Component: MerchantLayout,
          children: [
            {
              // The business's own pages need a signed-in merchant; the 404 page does not.
              Component: RequireMerchant,
              children: [
                { index: true, Component: DashboardPage },
                { path: 'stores', Component: StoresPage },
                { path: 'offers', Component: OffersPage },
                { path: 'services', Component: ServicesPage },
                { path: 'bookings', Component: BookingsPage },
                { path: 'chat', Component: ChatPage },
                { path: 'service-requests', Component: ServiceRequestsPage },
                { path: 'reviews', Component: ReviewsPage },
                { path: 'settings', Component: SettingsPage },
              ],
            },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ],
  { basename: MERCHANT_BASENAME },
);
