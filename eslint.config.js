// Layering (DESIGN.md): each folder may import only from the layers below it.
// A wrong-way import is a lint error, not a review comment.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = { group: ['node:*', 'fs', 'path', 'child_process', 'os', 'http', 'net', 'worker_threads'], message: 'This layer must not use Node built-ins.' };
const electronOnly = { group: ['electron'], message: 'Only electron/main and electron/preload may import electron.' };
const upward = (folders, why) => ({ group: folders, message: why });

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'e2e/artifacts/**', 'test/fixtures/**', 'assets/demo-server/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [nodeBuiltins, electronOnly,
        upward(['**/electron/**', '**/renderer/**', 'react', 'react-dom'], 'shared/ is pure: it imports nothing outside shared/.')] }],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [nodeBuiltins, electronOnly,
        upward(['**/electron/**'], 'renderer/ talks to the services only through the API contract in shared/api.ts.')] }],
    },
  },
  {
    files: ['electron/services/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [electronOnly,
        upward(['**/renderer/**', '**/web/**', '**/cli/**', '**/main/**', '**/preload/**'], 'services/ sits below every transport.')] }],
    },
  },
  {
    files: ['electron/web/**/*.ts', 'electron/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [electronOnly,
        upward(['**/renderer/**', '**/main/**', '**/preload/**'], 'web/ and cli/ use services/ and shared/ only.')] }],
    },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [upward(['**/renderer/**'], 'main/ and preload/ never import the renderer.')] }],
    },
  },
);
