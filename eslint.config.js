import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeOnly = ['node:*', 'fs', 'path', 'http', 'crypto', 'os', 'url', 'stream'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'playwright-report', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    extends: [pluginQuery.configs['flat/recommended']],
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['error', { allowConstantExport: true }],
      // TanStack Router redirects by throwing its redirect object.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The browser app never imports server code.' },
            { group: nodeOnly, message: 'The browser app runs without Node APIs.' },
          ],
        },
      ],
    },
  },
  {
    // The contract is shared by browser, server and tests: it must stay framework- and runtime-free.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', '@tanstack/*'], message: 'contract/ is React-free.' },
            { group: nodeOnly, message: 'contract/ is Node-free.' },
            { group: ['**/server/**', '**/src/**'], message: 'contract/ depends on nothing.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', '*.config.ts', 'testing/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['bench/**/*.ts', 'server/**/*-cli.ts', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['eslint.config.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
