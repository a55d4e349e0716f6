// Drizzle needs every table in one object for its typed client and for drizzle-kit;
// this is the one barrel file in the project.
export * from './accounts.js';
export * from './bookings.js';
export * from './chat.js';
export * from './engagement.js';
export * from './jobs.js';
export * from './locations.js';
export * from './notifications.js';
export * from './offers.js';
export * from './payments.js';
export * from './referrals.js';
export * from './search.js';
export * from './service-requests.js';
export * from './services.js';
export * from './stores.js';
export * from './support.js';
