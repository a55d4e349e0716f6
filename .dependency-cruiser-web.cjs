/**
 * Architecture rules for the two sites, apps/web and apps/merchant (issue 17). Run with
 * `npm run lint:web-arch`. The picture behind them is in docs/architecture.md.
 *
 *   app/         routes, layout, providers: composes features (the only place that may)
 *   features/<f> one capability (pages, its components, its api hooks, its lib); imports
 *                components/, lib/, test/ helpers and the packages, never another feature
 *   components/  what several features show; imports lib/ and the packages, never a feature
 *   lib/         api client, shared query hooks, pure helpers; imports packages only (no
 *                feature, no component, no app)
 */

const SITE = '^apps/(web|merchant)/src/';
const TESTS = [
  '\\.test\\.tsx?$',
  '^apps/(web|merchant)/src/test/',
  '^apps/web/src/features/[^/]+/test/',
  '^packages/test-support/',
];

const readOptions = require('./.dependency-cruiser-options.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere in the sites (type-only imports count too).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-not-to-other-feature',
      severity: 'error',
      comment:
        'A feature imports only components/, lib/ and the packages, never another feature: what two features need moves down to components/ or lib/ (or packages/), and app/ composes features.',
      from: { path: '^apps/(web|merchant)/src/features/([^/]+)/' },
      to: {
        path: '^apps/(web|merchant)/src/features/([^/]+)/',
        pathNot: '^apps/$1/src/features/$2/',
      },
    },
    {
      name: 'components-not-to-features',
      severity: 'error',
      comment: 'components/ is below the features and knows none of them, nor app/.',
      from: { path: `${SITE}components/` },
      to: { path: `${SITE}features/` },
    },
    {
      name: 'components-not-to-app',
      severity: 'error',
      comment: 'components/ knows nothing of app/ (its tests may render through app/providers).',
      from: { path: `${SITE}components/`, pathNot: TESTS },
      to: { path: `${SITE}app/` },
    },
    {
      name: 'lib-not-up',
      severity: 'error',
      comment:
        'lib/ (client, shared query hooks, helpers) is below components and features and imports neither.',
      from: { path: `${SITE}lib/` },
      to: { path: `${SITE}(features|components|app)/` },
    },
    {
      name: 'features-not-to-app',
      severity: 'error',
      comment: 'app/ composes the features; a feature or component never imports the router or layout back.',
      from: { path: `${SITE}(features|components)/` },
      to: { path: `${SITE}app/(router|root-layout)` },
    },
    {
      name: 'sites-apart',
      severity: 'error',
      comment:
        'The customer and merchant sites share code only through packages/ (@d3/shared, @d3/api-client, @d3/ui).',
      from: { path: '^apps/(web|merchant)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-not-to-apps',
      severity: 'error',
      comment: 'packages/ are below every app and import none of them.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'not-to-tests',
      severity: 'error',
      comment:
        'Production code (sites and packages) never imports test files or test helpers (@d3/test-support).',
      from: { path: '^(apps/(web|merchant)|packages)/', pathNot: TESTS },
      to: { path: TESTS },
    },
  ],
  options: readOptions(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json']),
};
