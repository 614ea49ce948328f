import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const pageFolders = readdirSync(new URL('./web/src/pages/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The SPA shares with the API only what schemas/ holds: it never bundles the functions' code (issue 12).
const noFunctionsImport = {
  group: ['@cpbo/functions', '@cpbo/functions/*'],
  message: 'The SPA does not depend on functions: take shared pieces from @cpbo/schemas.',
};

// The schemas' index re-exports every module: a value taken from it puts every schema in the first
// screen's chunk (the login page's budget, e2e/first-screen.test.ts). Types are erased, so they may.
const noSchemasIndexValue = {
  regex: '^@cpbo/schemas$',
  allowTypeImports: true,
  message: "Take a value from its module (@cpbo/schemas/<module>.ts); only types come from '@cpbo/schemas'.",
};

/*
 * The backend's layers point one way (docs/decisions.md): platform/ (what any app needs) ← domain/
 * (pure rules) ← data/ (items and queries) ← http/ and workers/ (the functions), which do not import
 * each other; the generated validators are loaded by the functions alone. Each folder names what it
 * must not import, by alias (#data/…) or by a relative path (../data/…), statically or with import().
 */
const layerRules = {
  platform: {
    refused: ['domain', 'data', 'http', 'workers', 'generated'],
    why: 'platform/ is what any app needs: it imports nothing of this app',
  },
  domain: {
    refused: ['data', 'http', 'workers', 'generated'],
    why: 'domain/ holds pure rules: it imports only platform/',
  },
  data: {
    refused: ['http', 'workers', 'generated'],
    why: 'data/ imports only domain/ and platform/',
  },
  http: {
    refused: ['workers'],
    why: 'http/ does not import workers/: move what both use to data/, domain/ or platform/',
  },
  workers: {
    refused: ['http'],
    why: 'workers/ do not import http/: move what both use to data/, domain/ or platform/',
  },
};
const layerImport = (layers) => `^(?:#|(?:\\.\\./)+)(?:${layers.join('|')})(?:/|$)`;

/** The web's import rule: the two above for every file, and a folder's own patterns. */
const webImports = (...patterns) => [
  'error',
  { patterns: [noFunctionsImport, noSchemasIndexValue, ...patterns] },
];

/** A relative import that climbs into one of web/src's top folders. */
const importInto = (folders, message, options = {}) => ({
  regex: `^(?:\\.\\./)+(?:${folders.join('|')})(?:/|$)`,
  message,
  ...options,
});

/*
 * The web's layers, lowest first: browser/ (the browser's own APIs, wrapped), navigation/ (paths, the
 * screen list), session/ (the session context and what it names) and i18n/; then api/; then common/;
 * then pages/; then app/ (routes, shell). An import runs down, never up.
 */
const webLayers = [
  {
    files: ['web/src/{browser,navigation,session,i18n}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': webImports(
        importInto(
          ['api', 'common', 'pages', 'app'],
          'browser/, navigation/, session/ and i18n/ are the lowest layer: they import nothing above them.',
        ),
      ),
    },
  },
  {
    files: ['web/src/api/**/*.{ts,tsx}'],
    // A test of the API's calls may check what the screens then say of them.
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': webImports(
        importInto(
          ['common', 'pages', 'app'],
          'api/ imports no screen code: what it shares with common/ goes to browser/, navigation/ or session/.',
        ),
      ),
    },
  },
  {
    files: ['web/src/common/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': webImports(
        importInto(
          ['pages', 'app'],
          'common/ does not import pages/ or app/: what every layer needs goes to navigation/ or session/.',
        ),
      ),
    },
  },
];

// infra builds and runs the functions (its package depends on @cpbo/functions): the functions, their
// tests and their test helpers never import infra back, or the two packages would form a loop.
const noInfraImport = {
  regex: '^(?:@cpbo/infra|(?:\\.\\./)+infra)(?:/|$)',
  message:
    'functions/ does not import infra/ (infra depends on functions): move the piece into functions, or the test into infra/local/.',
};

/** The imports a file of functions/ must not make, by pattern: statically, as a re-export or with import(). */
const functionsImportRules = (refusals) => ({
  'no-restricted-imports': ['error', { patterns: refusals }],
  // no-restricted-imports does not see import().
  'no-restricted-syntax': [
    'error',
    ...refusals.map(({ regex, message }) => ({
      selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`,
      message,
    })),
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/cdk.out/**',
      '.local/**',
      'coverage/**',
      '**/*.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': webImports(),
    },
  },
  ...webLayers,
  // A page folder imports only its own files, and what pages share from the layers below: two pages
  // that need the same piece take it from common/ (issue 12). app/ is above the pages.
  ...pageFolders.map((page) => ({
    files: [`web/src/pages/${page}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': webImports(
        {
          regex: `^(?:\\.\\./)+(?:pages/)?(?!${page}/)(?:${pageFolders.join('|')})(?:/|$)|^@/pages/(?!${page}/)`,
          message: 'A page does not import from another page: move what they share to web/src/common/.',
        },
        importInto(['app'], 'A page does not import app/: what pages need goes to navigation/ or session/.'),
      ),
    },
  })),
  {
    files: ['functions/**/*.ts'],
    rules: functionsImportRules([noInfraImport]),
  },
  ...Object.entries(layerRules).map(([layer, { refused, why }]) => ({
    files: [`functions/src/${layer}/**/*.ts`],
    // An integration test drives a flow across functions (an API call, then the worker it queued).
    ignores: ['**/*.integration.test.ts'],
    rules: functionsImportRules([noInfraImport, { regex: layerImport(refused), message: why }]),
  })),
);
