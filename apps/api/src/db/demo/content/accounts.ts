import type { DemoAccount } from '../demo-types.js';

// The demo sign-in accounts (README) and their passwords.

/** Printed by the server at start-up (not in production) so a visitor can sign in at once. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'customer',
    name: 'Achieng Otieno',
    email: 'customer@d3deals.co.ke',
    password: 'DemoCustomer#2026',
  },
  { role: 'customer', name: 'Brian Mutua', email: 'brian@d3deals.co.ke', password: 'DemoCustomer#2026' },
  { role: 'merchant', name: 'Wanjiru Kamau', email: 'merchant@d3deals.co.ke', password: 'DemoMerchant#2026' },
];

export const CUSTOMER_PASSWORD = 'DemoCustomer#2026';

export const MERCHANT_PASSWORD = 'DemoMerchant#2026';
