import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeOnly = ['node:*', 'fs', 'path', 'http', 'crypto', 'os', 'url', 'stream'];

const folders = (path) =>
  readdirSync(`${import.meta.dirname}/${path}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Every folder under src/features/ is a feature; a new one is covered without editing this file.
const features = folders('src/features');

// The one feature that composes others: the workspace runs the builder's query and shows the
// results, the charts of both chart features, links and saved queries. Only src/app/ imports it.
const composer = 'workspace';

// src/lib/ is one folder per concern, and each imports only the folders named here: the API client
// is bound to the session; link state writes dates; follows are kept per signed-in user (the
// app's session lives in api/). A new folder imports none until listed.
const libImports = {
  api: ['session'],
  'url-state': ['format'],
  follows: ['api', 'session', 'storage'],
};
const lib = folders('src/lib');

// The boundaries docs/architecture.md states. Tests are not bound by them: a test may wire
// several layers together, and testing/ holds the shared harnesses.
const boundaries = [
  ...features
    .filter((feature) => feature !== composer)
    .map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [`./${feature}`],
      message:
        'A feature never imports another feature: move the shared piece to src/lib/ or src/components/, or wire them in the workspace feature or src/app/.',
    })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features never import src/app/: the app composes them.',
  },
  {
    target: './src/main.tsx',
    from: `./src/features/${composer}`,
    message: 'Only src/app/ imports the workspace feature: nothing else composes it.',
  },
  {
    target: ['./src/lib', './src/components'],
    from: ['./src/features', './src/app'],
    message: 'src/lib/ and src/components/ are shared: they import neither features nor the app.',
  },
  {
    target: './src/lib',
    from: './src/components',
    message: 'src/lib/ holds no UI: it never imports src/components/.',
  },
  ...lib.map((folder) => ({
    target: `./src/lib/${folder}`,
    from: './src/lib',
    except: [folder, ...(libImports[folder] ?? [])].map((allowed) => `./${allowed}`),
    message:
      'A src/lib/ folder imports only the ones below it: follows/ imports api/, session/ and storage/, api/ imports session/, url-state/ imports format/, and session/ and format/ import none.',
  })),
  {
    target: './contract',
    from: ['./src', './server', './testing', './e2e', './bench'],
    message: 'contract/ depends on nothing.',
  },
  {
    target: ['./src', './server'],
    from: ['./testing', './e2e', './bench'],
    message: 'Shipped code never imports test support.',
  },
];

/**
 * A name from contract/ has one home: re-exported from another module, it gains a second place
 * to import it from, and the copies drift apart in what readers take them to be.
 */
const noContractReexport = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      reexport: '{{name}} comes from contract/: import it from there, never re-export it.',
    },
  },
  create(context) {
    const isContract = (source) => typeof source === 'string' && source.startsWith('#contract/');
    const fromContract = new Set();
    const exported = [];
    return {
      ImportDeclaration(node) {
        if (!isContract(node.source.value)) return;
        for (const specifier of node.specifiers) fromContract.add(specifier.local.name);
      },
      ExportNamedDeclaration(node) {
        for (const specifier of node.specifiers) {
          exported.push({ specifier, direct: isContract(node.source?.value) });
        }
      },
      ExportAllDeclaration(node) {
        if (isContract(node.source.value)) {
          context.report({ node, messageId: 'reexport', data: { name: node.source.value } });
        }
      },
      'Program:exit'() {
        for (const { specifier, direct } of exported) {
          const name = specifier.local.name ?? specifier.local.value;
          if (direct || fromContract.has(name)) {
            context.report({ node: specifier, messageId: 'reexport', data: { name } });
          }
        }
      },
    };
  },
};

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
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.json` }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: boundaries },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['contract/**'],
    plugins: { local: { rules: { 'no-contract-reexport': noContractReexport } } },
    rules: { 'local/no-contract-reexport': 'error' },
  },
  {
    // Size limits docs/architecture.md states: a function reads at a glance, a file stays one
    // topic. Tests are exempt (a describe block is a list of cases), and so is the conformance case
    // table.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'e2e/**', 'testing/conformance-cases.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
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
      // TanStack Router redirects, and answers "not found", by throwing its own objects.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'package', package: '@tanstack/router-core', name: 'Redirect' },
            { from: 'package', package: '@tanstack/router-core', name: 'NotFoundError' },
          ],
        },
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
    // The contract is shared by browser, server and tests: it must stay framework- and
    // runtime-free.
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
