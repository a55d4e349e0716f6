/**
 * Architecture rules for the API (issue 17). Run with `npm run lint:api-arch`.
 * The picture behind them is in docs/architecture.md.
 *
 * Table ownership — a module owns the tables of the schema file with its name
 * (apps/api/src/db/schema/<module>.ts):
 *   accounts   users, merchants, otp_codes, auth_throttle
 *   chat       conversations, messages (issue 11)
 *   bookings   bookings, booking_events (payments settles and holds them through the bookings
 *              settlement service, booking-settlement.ts, inside its own transaction)
 *   engagement favorites, store_follows, reviews, notification_settings
 *   locations  locations, categories
 *   offers     offers, search_postings (the offers' search index, kept by database triggers, issue 16)
 *   payments   payments, refunds, mpesa_requests, payment_splits, payment_split_shares (db/schema/payments.ts)
 *   services   services
 *   stores     stores, store_social_links, branches, staff, staff_services
 *   support    contact_messages, newsletter_subscriptions, outbox
 *   notifications notifications, notification_broadcasts, push_subscriptions
 *   (jobs/job-queue.ts, below the modules: the jobs table, db/schema/jobs.ts, still named notification_jobs)
 *   search     search_words (filled by database triggers on offers and stores, issue 16)
 * Schema files may reference each other's tables for foreign keys; code may not.
 *
 */

const MODULE = '^apps/api/src/modules/([^/]+)/';
/** The files a module publishes to the others: its services (bookings also publishes its settlement service). */
const PUBLISHED = [
  '^apps/api/src/modules/[^/]+/[^/]+-service\\.ts$',
  '^apps/api/src/modules/bookings/booking-settlement\\.ts$',
];
/** Tests arrange and check rows directly; the module rules are about production code. */
const TESTS = ['\\.test\\.ts$', '^apps/api/src/test/'];

/**
 * Existing violations, each named, removed as the module boundaries are fixed (issue 17).
 * `rule` is the rule it breaks, `from` the file (its first group the module), `to` the import(s) it may
 * still make.
 */
const KNOWN_EXCEPTIONS = [
  {
    name: 'demo-loader-through-repositories',
    why: 'the demo loader (issue 37) writes a whole catalogue in one transaction below the modules: no session, events or per-row rules; it computes the store figures with the engagement and stores repositories and hashes the two demo passwords with the accounts hasher, never through a service',
    rule: 'outside-modules-only-through-service',
    from: '^apps/api/src/db/seed-demo\\.ts$',
    to: '^apps/api/src/modules/(?:engagement/engagement-repository|stores/stores-repository|accounts/password)\\.ts$',
  },
  {
    name: 'bookings-reads-catalogue-tables',
    why: 'the booking view and slot search join offers, services, stores, branches, staff and locations in one query',
    rule: 'module-no-foreign-tables',
    from: '^apps/api/src/modules/(bookings)/(?:booking-view|bookings-repository|capacity-repository|waitlist-repository|merchant-bookings-repository)\\.ts$',
    to: '^apps/api/src/db/schema/(accounts|locations|offers|services|stores)\\.ts$',
  },
  {
    name: 'catalogue-reads-store-and-location-tables',
    why: 'offer, service and store cards join their store, category and location in one query',
    rule: 'module-no-foreign-tables',
    from: '^apps/api/src/modules/(offers|services|stores)/[^/]+-repository\\.ts$',
    to: '^apps/api/src/db/schema/(locations|offers|services|stores)\\.ts$',
  },
  {
    name: 'accounts-reads-store-tables',
    why: 'the merchant view shows its store and location',
    rule: 'module-no-foreign-tables',
    from: '^apps/api/src/modules/(accounts)/accounts-repository\\.ts$',
    to: '^apps/api/src/db/schema/(locations|stores)\\.ts$',
  },
  {
    name: 'bookings-reads-payments',
    why: 'the booking view shows the latest payment status, its refund and split (issue 34), the hold sweep skips bookings with a pending push, erasure blanks payment phone numbers, and a completion or referral reads what a booking’s M-Pesa payment brought in, each in the same query or transaction',
    rule: 'module-no-foreign-tables',
    from: '^apps/api/src/modules/(bookings)/(?:booking-view|bookings-repository|booking-fees-repository)\\.ts$',
    to: '^apps/api/src/db/schema/payments\\.ts$',
  },
  {
    name: 'bookings-reads-quotes',
    why: "a quote booking (issue 12) shows its request's title and the quoted price in the booking view's one query",
    rule: 'module-no-foreign-tables',
    from: '^apps/api/src/modules/(bookings)/booking-view\\.ts$',
    to: '^apps/api/src/db/schema/service-requests\\.ts$',
  },
];

const asList = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** A rule, minus the known exceptions' files, plus one narrow copy per exception. */
function withExceptions(rule) {
  const exceptions = KNOWN_EXCEPTIONS.filter((e) => asList(e.rule).includes(rule.name));
  if (exceptions.length === 0) return [rule];
  const main = {
    ...rule,
    from: { ...rule.from, pathNot: [...asList(rule.from.pathNot), ...exceptions.map((e) => e.from)] },
  };
  // A file under two exceptions of one rule may make both exceptions' imports.
  const moduleOf = (e) => /modules\/\(([^)]+)\)/.exec(e.from)?.[1] ?? e.from;
  const narrowed = exceptions.map((e) => ({
    ...rule,
    from: { ...rule.from, path: e.from },
    to: {
      ...rule.to,
      pathNot: [
        ...asList(rule.to.pathNot),
        ...exceptions.filter((other) => moduleOf(other) === moduleOf(e)).map((other) => other.to),
      ],
    },
  }));
  return [main, ...narrowed];
}

const readOptions = require('./.dependency-cruiser-options.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere (type-only imports count too).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-no-foreign-repository',
      severity: 'error',
      comment: "A module never imports another module's repository; it calls that module's service.",
      from: { path: MODULE, pathNot: TESTS },
      to: { path: '^apps/api/src/modules/[^/]+/[^/]*repository\\.ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'module-no-foreign-tables',
      severity: 'error',
      comment:
        "A module reads and writes only its own tables (db/schema/<module>.ts); another module's data comes from that module's service.",
      from: { path: MODULE, pathNot: TESTS },
      to: {
        path: '^apps/api/src/db/schema/[^/]+\\.ts$',
        pathNot: ['^apps/api/src/db/schema/$1\\.ts$', '^apps/api/src/db/schema/columns\\.ts$'],
      },
    },
    {
      name: 'module-only-through-service',
      severity: 'error',
      comment:
        'A module reaches another module only through its service file (*-service.ts), never its internals, routes or plugin.',
      from: { path: MODULE, pathNot: TESTS },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', ...PUBLISHED],
      },
    },
    {
      name: 'outside-modules-only-through-service',
      severity: 'error',
      comment:
        'Code outside the modules (seeders, jobs, scripts) uses a module through its service file; only app.ts registers module plugins (index.ts).',
      from: {
        path: '^apps/api/src/',
        pathNot: [
          '^apps/api/src/modules/',
          '^apps/api/src/app\\.ts$',
          '\\.test\\.ts$',
          '^apps/api/src/test/',
        ],
      },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: '^apps/api/src/modules/[^/]+/[^/]+-service\\.ts$',
      },
    },
    {
      name: 'plugins-not-to-modules',
      severity: 'error',
      comment: 'Plugins (auth, errors, caching, security) sit below the modules and know none of them.',
      from: { path: '^apps/api/src/plugins/' },
      to: { path: '^apps/api/src/(modules|adapters)/' },
    },
    {
      name: 'adapters-stand-alone',
      severity: 'error',
      comment:
        'Adapters wrap one outside system (M-Pesa, SMS, Google); they know no module, plugin or table except the outbox their simulators write.',
      from: { path: '^apps/api/src/adapters/' },
      to: {
        path: '^apps/api/src/(modules|plugins|events)/|^apps/api/src/db/schema/',
        pathNot: '^apps/api/src/db/schema/support\\.ts$',
      },
    },
    {
      name: 'events-below-modules',
      severity: 'error',
      comment: 'The event bus carries payloads; it imports no module (modules subscribe to it).',
      from: { path: '^apps/api/src/events/' },
      to: { path: '^apps/api/src/(modules|plugins|adapters)/' },
    },
    {
      name: 'errors-and-db-below-everything',
      severity: 'error',
      comment: 'The error table and the database client/schema import no module, plugin or adapter.',
      from: { path: '^apps/api/src/(errors|db/schema|db/client)' },
      to: { path: '^apps/api/src/(modules|plugins|adapters|events)/' },
    },
    {
      name: 'shared-not-to-apps',
      severity: 'error',
      comment: 'packages/shared is below every app and imports none of them.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'not-to-tests',
      severity: 'error',
      comment: 'Production code never imports test files or test helpers.',
      from: { path: '^apps/api/src/', pathNot: ['\\.test\\.ts$', '^apps/api/src/test/'] },
      to: { path: ['\\.test\\.ts$', '^apps/api/src/test/'] },
    },
  ].flatMap(withExceptions),
  options: readOptions(),
};
