// Lint enforces the boundaries of STYLE.md and ADR 002 so that review doesn't have to: which package may import what,
// module isolation in apps/api, layering in apps/web, no cycles. Style is left to the formatter: no stylistic rules.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { builtinRules } from 'eslint/use-at-your-own-risk';

// eslint:recommended without the @eslint/js package (not installed): the same set, read from the rule metadata.
const eslintRecommended = {
  name: 'eslint/recommended',
  rules: Object.fromEntries(
    [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, 'error']),
  ),
};

const root = path.dirname(fileURLToPath(import.meta.url));

/** Folder names under `dir`, read at lint time so a new module or feature is covered without editing this file. */
function folders(dir) {
  try {
    return readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

// The domains of STYLE.md plus whatever exists on disk (system, ...).
const apiModules = [
  ...new Set([
    ...['platform', 'identity', 'catalogue', 'draws', 'cart', 'orders', 'wallet', 'payments', 'recurring', 'limits'],
    ...['social', 'membership', 'content', 'partners', 'notifications', 'placements', 'system'],
    ...folders('apps/api/src/modules'),
  ]),
].sort();
const webFeatures = folders('apps/web/app/features');

const moduleIndexes = apiModules.map((name) => `./${name}/index.ts`);

const zones = [
  // Packages never reach into apps; contracts never reaches into lottery.
  { target: 'packages', from: 'apps', message: 'Packages are shared by both apps and never import app code.' },
  { target: 'packages/contracts', from: 'packages/lottery', message: 'packages/contracts depends on zod only.' },
  {
    target: 'packages/protocol',
    from: ['packages/contracts', 'packages/lottery'],
    message: 'packages/protocol imports nothing but itself (and its hash library).',
  },
  // The two apps talk over HTTP only.
  { target: 'apps/web', from: 'apps/api', message: 'apps/web never imports apps/api: go through the one api client.' },
  { target: 'apps/api', from: 'apps/web', message: 'apps/api never imports apps/web code.' },
  // apps/api/src/lib is the bottom layer.
  {
    target: 'apps/api/src/lib',
    from: 'apps/api/src',
    except: ['./lib'],
    message: 'src/lib holds pure helpers and imports nothing else from src/.',
  },
  // A module reaches another domain only through its index.ts: no foreign repositories, tables or services.
  ...apiModules.map((name) => ({
    target: `apps/api/src/modules/${name}`,
    from: 'apps/api/src/modules',
    except: [`./${name}`, ...moduleIndexes.filter((index) => index !== `./${name}/index.ts`)],
    message: `A module imports another module only through its index.ts (../<other>/index.ts).`,
  })),
  // Workflows, jobs, plugins and the app wiring are "other code": they too see a module only through its index.ts.
  // db/ (schema aggregation for drizzle-kit), seed/ and cli/ legitimately handle tables and are left out.
  {
    target: [
      'apps/api/src/workflows',
      'apps/api/src/jobs',
      'apps/api/src/plugins',
      'apps/api/src/app.ts',
      'apps/api/src/index.ts',
    ],
    from: 'apps/api/src/modules',
    except: moduleIndexes,
    message: 'Outside its folder a module is used only through its index.ts.',
  },
  // apps/web layers: routes -> features -> ui/lib.
  {
    target: ['apps/web/app/ui', 'apps/web/app/lib'],
    from: ['apps/web/app/features', 'apps/web/app/routes'],
    message: 'ui/ and lib/ are the bottom layer: they never import features or routes.',
  },
  {
    target: 'apps/web/app/features',
    from: 'apps/web/app/routes',
    message: 'Features never import routes: the route composes features.',
  },
  // root.tsx is the top of the route tree, like a route: nothing below it imports it (shell data: lib/shell.ts).
  {
    target: ['apps/web/app/features', 'apps/web/app/ui', 'apps/web/app/lib'],
    from: 'apps/web/app/root.tsx',
    message: 'root.tsx is the top layer: features, ui/ and lib/ never import it (the shell data is in lib/shell.ts).',
  },
  ...webFeatures.map((name) => ({
    target: `apps/web/app/features/${name}`,
    from: 'apps/web/app/features',
    except: [`./${name}`],
    message: 'A feature never imports another feature; compose them in the route.',
  })),
];

/** no-restricted-imports groups, composed per file group because a later config replaces the rule's options. */
const restrict = {
  noWebFromApi: {
    group: ['@shop/web', '@shop/web/*'],
    message: 'apps/api never imports apps/web code.',
  },
  noApiFromWeb: {
    group: ['@shop/api', '@shop/api/*'],
    message: 'apps/web never imports apps/api: go through the one api client.',
  },
  noSqlInRoutes: {
    regex: '^(drizzle-orm|pg)(/|$)|\\.(repository|schema)(\\.ts)?$',
    message: 'Routes hold no SQL: call the service (or a workflow), which uses the repository.',
  },
  noDatabaseInRoutes: {
    regex: '(^|/)db/index(\\.ts)?$',
    message: 'Routes receive services, never the database: take the service from routes.ts (services.ts builds it).',
  },
  noQueryBuilders: {
    regex: '^drizzle-orm(/|$)',
    message: "Only *.repository.ts (and src/db, *.schema.ts) queries tables: call the module's repository instead.",
  },
  serverOnly: {
    regex: '\\.server(\\.tsx?)?$|(^|/)\\.server/',
    message: '*.server.ts is imported only from app/routes, root.tsx, entry.server.tsx or another *.server.ts.',
  },
};
const RELATIVE = '\\.{1,2}/';
const TEST_TOOLS = 'vitest(/|$)|fast-check$';
const onlyImports = (allowed, message) => ({ regex: `^(?!${[RELATIVE, ...allowed].join('|')})`, message });
const contractsOnly = 'packages/contracts depends on zod only (STYLE.md).';
const lotteryOnly =
  'packages/lottery is pure: it imports only @shop/contracts and @shop/protocol (no node: I/O, no other packages).';
const protocolOnly =
  'packages/protocol is pure and runs in browsers: it imports only itself and @noble/hashes (no node:, no other packages).';

const restrictedImports = (...patterns) => ['error', { patterns }];

const CODE_FILES = ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'];
const API_TEST_FILES = ['apps/api/**/*.test.ts', 'apps/api/test/**'];
/** Service factories: only the composition root calls them (tests may build one to test it alone). */
const SERVICE_FACTORY = '/^create[A-Z]\\w*(Service|Workflow|Handler)$|^create(Ledger|Outbox)$/';
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/tests/**', '**/test/**'];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      '**/coverage/**',
      '**/data/**',
      '**/tmp/**',
      '**/drizzle/**',
      'bench/results/**',
    ],
  },
  eslintRecommended,
  ...tseslint.configs.recommended,
  {
    files: CODE_FILES,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/external-module-folders': ['node_modules'],
    },
    rules: {
      // TypeScript checks names in .ts files; the few .mjs scripts run under Node, whose globals we don't list.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Depth-limited to keep `npx eslint .` fast; our layers are shallow, so real cycles are short.
      'import-x/no-cycle': ['error', { maxDepth: 6, ignoreExternal: true }],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // packages/contracts: zod only (tests may use the test tools too).
  {
    files: ['packages/contracts/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictedImports(onlyImports(['zod(/|$)'], contractsOnly)) },
  },
  {
    files: ['packages/contracts/**/*.test.ts'],
    rules: { 'no-restricted-imports': restrictedImports(onlyImports(['zod(/|$)', TEST_TOOLS], contractsOnly)) },
  },
  // packages/lottery: @shop/contracts only.
  {
    files: ['packages/lottery/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictedImports(onlyImports(['@shop/contracts$', '@shop/protocol$'], lotteryOnly)),
    },
  },
  {
    files: ['packages/lottery/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrictedImports(
        onlyImports(['@shop/contracts$', '@shop/protocol$', TEST_TOOLS], lotteryOnly),
      ),
    },
  },
  // packages/protocol: itself and the audited hash functions only; tests may use node:crypto as a reference.
  {
    files: ['packages/protocol/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictedImports(onlyImports(['@noble/hashes/'], protocolOnly)) },
  },
  {
    files: ['packages/protocol/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrictedImports(
        onlyImports(['@noble/hashes/', 'node:crypto$', TEST_TOOLS], protocolOnly),
      ),
    },
  },
  // apps/api
  {
    files: ['apps/api/**/*.{ts,tsx,js,mjs}'],
    rules: { 'no-restricted-imports': restrictedImports(restrict.noWebFromApi) },
  },
  // Query builders only in repositories (ADR 014): services, workflows, jobs, CLI and seeds go through a repository.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/**/*.schema.ts',
      'apps/api/src/db/**',
      ...API_TEST_FILES,
    ],
    rules: { 'no-restricted-imports': restrictedImports(restrict.noWebFromApi, restrict.noQueryBuilders) },
  },
  {
    files: ['apps/api/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': restrictedImports(
        restrict.noWebFromApi,
        restrict.noSqlInRoutes,
        restrict.noDatabaseInRoutes,
      ),
    },
  },
  // One composition root (ADR 014): only services.ts calls a create*Service (or a workflow, handler, ledger, outbox).
  {
    files: ['apps/api/**/*.{ts,mjs}', 'bench/**/*.mjs'],
    ignores: ['apps/api/src/services.ts', ...API_TEST_FILES],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.name=${SERVICE_FACTORY}]`,
          message: 'Only the composition root (apps/api/src/services.ts) builds services: take it from createServices.',
        },
      ],
    },
  },
  // apps/web
  {
    files: ['apps/web/**/*.{ts,tsx,js,mjs}'],
    rules: { 'no-restricted-imports': restrictedImports(restrict.noApiFromWeb) },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/app/routes/**',
      'apps/web/app/root.tsx',
      'apps/web/app/entry.server.tsx',
      'apps/web/app/**/*.server.{ts,tsx}',
      'apps/web/app/**/.server/**',
      'apps/web/app/**/*.test.{ts,tsx}',
    ],
    rules: { 'no-restricted-imports': restrictedImports(restrict.noApiFromWeb, restrict.serverOnly) },
  },
);
