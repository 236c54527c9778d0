// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
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
