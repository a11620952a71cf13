/**
 * The import rules of the tree (docs/architecture.md, "Rules"), checked in CI by `npm run deps:rules`.
 * Type-only imports count: a type is as much a dependency as a value.
 */
const ts = '\\.tsx?$';
const notTest = '\\.test\\.tsx?$|/test/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'packages/domain imports nothing of ours.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(packages/api|apps)/' },
    },
    {
      name: 'api-only-domain',
      comment: 'packages/api imports only packages/domain.',
      severity: 'error',
      from: { path: '^packages/api/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-not-server',
      comment: 'The console never imports the server.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-web',
      comment: 'The server never imports the console.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'feature-through-its-index',
      comment:
        'A console feature is used through its index.ts; another feature, app/ and the rest never reach its inner files.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: ['^apps/web/src/features/([^/]+)/', notTest] },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: [`^apps/web/src/features/[^/]+/index${ts}`] },
    },
    {
      name: 'feature-to-feature-through-index',
      comment: 'A console feature reaches another feature only through that feature’s index.ts.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: notTest },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', `^apps/web/src/features/[^/]+/index${ts}`],
      },
    },
    {
      name: 'shared-web-never-imports-features',
      comment: 'components/ and lib/ are shared: they never import a feature.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'plugins-not-modules',
      comment: 'Server plugins are below the modules: they never import one.',
      severity: 'error',
      from: { path: '^apps/server/src/plugins/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'module-through-its-index',
      comment: 'A server module is used by other code only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/modules/([^/]+)/', notTest] },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: [`^apps/server/src/modules/[^/]+/index${ts}`] },
    },
    {
      name: 'module-to-module-through-index',
      comment: 'A server module reaches another module only through that module’s index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: notTest },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', `^apps/server/src/modules/[^/]+/index${ts}`],
      },
    },
    {
      name: 'pdf-draws-only',
      comment:
        'The PDF renderers (pdf/) draw what they are given: they import no module, database, adapter or context, only lib/ and paths.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/pdf/' },
      to: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/(pdf|lib)/', '^apps/server/src/paths\\.ts$'],
      },
    },
    {
      name: 'no-circular',
      comment: 'No import circles.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
