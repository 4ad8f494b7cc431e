import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers, held by the linter rather than by the docs (docs/architecture.md): each zone names
 * what the code in `target` may never import. Cycles are held by dependency-cruiser
 * (.dependency-cruiser.cjs). A broken rule fails `npm run lint` and CI;
 * apps/api/src/architecture.test.ts shows each one failing on purpose.
 */
export const BOUNDARIES = [
  {
    target: './packages/domain/src',
    from: ['./apps', './scripts', './bench'],
    message: 'The domain is pure: it imports neither app (docs/architecture.md).',
  },
  {
    target: ['./apps/web/app/components', './apps/web/app/lib'],
    from: './apps/web/app/features',
    message: 'Shared web code (components/, lib/) imports no feature: move what several features need into lib/ or components/.',
  },
  {
    target: ['./apps/web/app/components', './apps/web/app/lib', './apps/web/app/features', './apps/web/app/routes', './apps/web/app/island', './apps/web/app/root.tsx'],
    from: './apps/web/app/staff',
    message: 'Only the staff console (staff/) imports staff/: no public or member page may pull the console into its chunks.',
  },
  {
    target: './apps/web/app/staff',
    from: ['./apps/web/app/features', './apps/web/app/routes', './apps/web/app/island', './apps/web/app/content'],
    message: 'The staff console imports shared code (components/, lib/) and the domain, never a feature or a route of the site.',
  },
  {
    target: ['./apps/api/src/db', './apps/api/src/env.ts', './apps/api/src/plugins'],
    from: './apps/api/src/modules',
    message: 'Infrastructure (db/, env.ts, plugins/) imports no module: pass what it needs in as an option.',
  },
  {
    target: './apps/api/src',
    from: './apps/web',
    message: 'The API and the web app meet only through HTTP and the domain package.',
  },
  {
    target: './apps/web/app',
    from: './apps/api',
    message: 'The API and the web app meet only through HTTP and the domain package.',
  },
];

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/build/**', '**/.react-router/**', '**/node_modules/**', '.data/**', 'apps/api/drizzle/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/domain/tsconfig.json', 'apps/api/tsconfig.json', 'apps/api/tsconfig.test.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Zones are relative to the repository, wherever ESLint runs from.
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES, basePath: import.meta.dirname }],
    },
  },
  {
    // The domain runs in browsers as well as in Node: no Node built-ins.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: nodeBuiltins.map((name) => ({ name, message: 'The domain runs in the browser too: no Node built-ins.' })) }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
