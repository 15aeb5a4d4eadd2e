// ESLint for the whole repository (`npm run lint`, part of .ci/run): typescript-eslint, react-hooks for the web
// code, and the composition boundaries of the architecture (rules in ./eslint, proven by test/lint-boundaries.test.ts).
import { builtinModules } from 'node:module';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './eslint/import-boundaries.mjs';
import { ledgerWrites } from './eslint/ledger-writes.mjs';

/** The tables only api/src/ledger may write (Drizzle export names from api/src/db/schema.ts). */
export const LEDGER_TABLES = ['accounts', 'ledgerTransfers', 'ledgerEntries', 'ledgerHolds'];

const SERVER_PACKAGES = ['fastify', 'fastify-plugin', '@fastify/*', 'drizzle-orm', 'drizzle-kit', 'pg', '@electric-sql/*', '@invest/api'];
const NODE_BUILTINS = ['node:*', ...builtinModules.filter((m) => !m.startsWith('_'))];

const SHARED_KNOWS_NO_APP = {
  workspaces: ['shell', 'mf-*', 'ops-console', 'api', 'e2e'],
  message: '@invest/shared knows no app: apps import it, never the reverse.',
};
/**
 * The libraries bundled inside the @invest/runtime singleton (not shared on their own): everyone else uses what the
 * runtime exports. Their types may be imported (erased, they bring no copy). TanStack's other libraries (Table) hold
 * no page-wide state: an app may bring its own.
 */
const INSIDE_RUNTIME = {
  packages: ['@tanstack/query-core', '@tanstack/react-query', 'rxjs', 'i18next', 'react-i18next', 'single-spa-react'],
  typesAllowed: true,
  message:
    "bundled inside @invest/runtime, the page's one copy: import what it exports (useTranslation, useQuery, bus…) from @invest/runtime or @invest/shared; a copy of your own would have neither the page's QueryClient nor its i18n instance.",
};
/** The runtime is the page's one copy whatever the apps' versions of the libraries are: it depends on none of them. */
const RUNTIME_STANDS_ALONE = {
  workspaces: ['shared', 'shell', 'mf-*', 'ops-console', 'api', 'web', 'e2e'],
  message: '@invest/runtime imports no other workspace: the apps of one page may bring different versions of @invest/shared.',
};
/** zod and the contract's schemas come through @invest/shared/forms, one copy per page, loaded by the screens that validate. */
const SCHEMAS_THROUGH_FORMS = {
  packages: ['zod', 'zod/*'],
  message: 'apps validate with the schemas of @invest/shared/forms (one shared copy, loaded with the first form); zod imported directly would be a second copy.',
};
const REMOTES_APART = {
  workspaces: ['shell', 'mf-*', 'ops-console', 'api'],
  message: 'a remote never imports another remote, the shell or the API; it talks through the URL and the event bus.',
};

export default defineConfig([
  globalIgnores(['**/dist/', '**/node_modules/', '**/coverage/', 'data/', 'api/drizzle/', 'e2e/test-results/', 'e2e/playwright-report/', 'bench/results/', 'releases/', '.stack/']),

  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },

  // Node code: the API, scripts, benchmarks, browser tests, configs.
  { files: ['api/**', 'web/**', 'scripts/**', 'bench/**', 'e2e/**', 'eslint/**', '*.{js,mjs,ts}'], languageOptions: { globals: globals.node } },
  // CommonJS config files (webpack, jest, test mocks).
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Web code: the shell, the remotes, the operators' console, @invest/runtime and @invest/shared.
  {
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}', 'ops-console/**/*.{ts,tsx}', 'runtime/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  // Tests read untyped JSON (inject and browser answers): `any` is allowed there, not in shipped code.
  {
    files: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**', 'shared/src/testing/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
    // A test's probe component hands what a hook returned to the test through a module variable.
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'react-hooks/globals': 'off' },
  },

  // Libraries through their public API: Drizzle keeps its session and schema internals under `_`.
  {
    files: ['api/**', 'bench/**'],
    rules: { 'no-restricted-properties': ['error', { property: '_', message: "Drizzle's `_` is its internals: use its public API (db.execute, the query builders)." }] },
  },

  // Composition boundaries.
  {
    plugins: { boundaries: { rules: { imports: importBoundaries, 'ledger-writes': ledgerWrites } } },
  },
  { files: ['mf-*/**'], rules: { 'boundaries/imports': ['error', [REMOTES_APART, INSIDE_RUNTIME, SCHEMAS_THROUGH_FORMS]] } },
  // Screens read and write through the hooks (cached, retried, one Idempotency-Key per submit), never the bare client.
  {
    files: ['mf-*/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@invest/shared', importNames: ['call'], message: "screens use @invest/shared's hooks (useCall, useCallMutation, useUpload), not call()." }] },
      ],
    },
  },
  // The operators' console is an app of its own: it knows neither the investor shell nor a remote, nor the API's code.
  {
    files: ['ops-console/**'],
    rules: {
      'boundaries/imports': [
        'error',
        [
          { workspaces: ['shell', 'mf-*', 'api'], message: "the operators' console is a page of its own: it reaches the API over HTTP, through @invest/shared, and imports no app." },
          INSIDE_RUNTIME,
          SCHEMAS_THROUGH_FORMS,
        ],
      ],
    },
  },
  // Its screens read and write through the hooks; only its login calls the client itself (before there is a session).
  {
    files: ['ops-console/src/**'],
    ignores: ['ops-console/src/login/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@invest/shared', importNames: ['call'], message: "screens use @invest/shared's hooks (useCall, useCallMutation), not call()." }] },
      ],
    },
  },
  {
    files: ['shell/**'],
    rules: {
      'boundaries/imports': ['error', [{ workspaces: ['api'], message: 'the shell reaches the API over HTTP, through @invest/shared.' }, INSIDE_RUNTIME, SCHEMAS_THROUGH_FORMS]],
    },
  },
  {
    files: ['shared/**'],
    rules: { 'boundaries/imports': ['error', [SHARED_KNOWS_NO_APP, INSIDE_RUNTIME]] },
  },
  {
    files: ['runtime/**'],
    rules: {
      'boundaries/imports': [
        'error',
        [RUNTIME_STANDS_ALONE, { packages: [...SERVER_PACKAGES, ...NODE_BUILTINS], message: '@invest/runtime runs in the browser: no server code, no Node built-ins.' }],
      ],
    },
  },
  {
    files: ['shared/src/**'],
    rules: {
      'boundaries/imports': [
        'error',
        [
          SHARED_KNOWS_NO_APP,
          INSIDE_RUNTIME,
          { packages: [...SERVER_PACKAGES, ...NODE_BUILTINS], message: '@invest/shared runs in the browser: no server code, no Node built-ins.' },
        ],
      ],
    },
  },
  {
    files: ['api/**'],
    rules: {
      'boundaries/imports': [
        'error',
        [
          {
            workspaces: ['shared', 'shell', 'mf-*'],
            allow: ['@invest/shared/contract', '@invest/shared/texts/en'],
            message: 'the API imports only the contract and its English texts from @invest/shared (@invest/shared/contract, @invest/shared/texts/en), and no web app.',
          },
        ],
      ],
    },
  },
  {
    files: ['api/src/**'],
    ignores: ['api/src/ledger/**'],
    rules: { 'boundaries/ledger-writes': ['error', { tables: LEDGER_TABLES }] },
  },
]);
