/**
 * What both architecture configs (.dependency-cruiser.cjs for the API, .dependency-cruiser-web.cjs
 * for the sites and packages) read the tree with: TypeScript sources through the packages'
 * `source` export condition, never dist/ or node_modules, the deliberately wrong fixture left out.
 */
module.exports = (extensions) => ({
  doNotFollow: { path: 'node_modules' },
  exclude: { path: ['(^|/)(dist|node_modules)/', 'architecture-fixture/'] },
  tsPreCompilationDeps: true,
  enhancedResolveOptions: {
    exportsFields: ['exports'],
    conditionNames: ['source', 'import', 'require', 'node', 'default'],
    ...(extensions ? { extensions } : {}),
  },
  reporterOptions: { text: { highlightFocused: true } },
});
