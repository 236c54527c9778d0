// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// core is shared by the browser and the server: it may not reach into the other
// packages, nor use Node APIs (ARCHITECTURE.md, "Dependencies point one way").
const nodeBuiltins = [
  'assert',
  'buffer',
  'child_process',
  'cluster',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'http',
  'http2',
  'https',
  'net',
  'os',
  'path',
  'perf_hooks',
  'process',
  'readline',
  'stream',
  'timers',
  'tls',
  'url',
  'util',
  'v8',
  'vm',
  'worker_threads',
  'zlib',
];

// The server's layers, bottom first (docs/ARCHITECTURE.md, "Server layers"): a module may import
// from its own folder and from the layers below it, never from one above. Each entry is a folder
// or a file of packages/server/src; entries of one row are one layer and may not import each
// other either, except down the row's own order.
const SERVER_LAYERS = [
  ['version.ts', 'config', 'config.ts', 'errors.ts'],
  ['db', 'crypto', 'auth', 'net'],
  ['jobs'],
  ['cluster-events', 'cdn'],
  ['ai', 'billing', 'store', 'storage', 'mail'],
  ['analytics', 'assets', 'video-generations', 'sources', 'demo'],
  ['delivery'],
  ['api'],
  ['metrics'],
  [
    'cluster-workers',
    'framework-errors.ts',
    'job-runners.ts',
    'web-dashboard.ts',
    'app.ts',
    'serve.ts',
    'main.ts',
    'cli',
  ],
];

/** One no-restricted-paths zone per entry: nothing above it, in the order the rows list. */
function serverLayerZones() {
  const order = SERVER_LAYERS.flat();
  return order.slice(0, -1).map((entry, index) => ({
    target: `./packages/server/src/${entry}`,
    from: order.slice(index + 1).map((above) => `./packages/server/src/${above}`),
    message: `${entry} may import only from itself and the layers below it (docs/ARCHITECTURE.md, "Server layers"): move what both need down, or pass it in.`,
  }));
}

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'data', 'coverage', 'e2e/artifacts', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // So no-cycle parses the TypeScript files an import leads to, not only the linted one.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // A cycle makes module order matter at start-up and hides which module depends on which.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverLayerZones() }],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.flatMap((name) => [
            { name, message: 'core runs in the browser too: no Node APIs.' },
            { name: `node:${name}`, message: 'core runs in the browser too: no Node APIs.' },
          ]),
          patterns: [
            {
              group: [
                '@darkroom/web',
                '@darkroom/server',
                '@darkroom/render',
                '**/web/**',
                '**/server/**',
                '**/render/**',
              ],
              message: 'core may not depend on the packages that use it.',
            },
            { group: ['node:*'], message: 'core runs in the browser too: no Node APIs.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/render/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@darkroom/web', '@darkroom/server', '**/web/**', '**/server/**'],
              message: 'render knows nothing of HTTP, the database or the dashboard.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@darkroom/server', '@darkroom/render', '**/server/**', '**/render/**'],
              message: 'the dashboard talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
);
