// Layering (docs/ARCHITECTURE.md "Layering"): each folder imports only what
// its allow-list in eslint-rules/layers.js names. A wrong-way import is a lint
// error, not a review comment; test/fence/ proves every rule still fires.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import layers from './eslint-rules/layers.js';

export default tseslint.config(
  {
    ignores: ['dist/**', 'release/**', 'node_modules/**', 'e2e/artifacts/**', 'test/fixtures/**', 'assets/demo-server/**',
      // Known violations, linted on purpose by test/fence/fence.test.ts only.
      'test/fence/violations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { flambe: layers },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'flambe/allowed-imports': 'error',
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
