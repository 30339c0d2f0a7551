import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = existsSync('web/features')
  ? readdirSync('web/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/** One-way imports: shared -> server|web; inside web, components/lib -> features -> app; features stay apart. */
const zones = [
  {
    target: './shared',
    from: './server',
    message: 'shared/ is imported by both sides and must not import the server.',
  },
  { target: './shared', from: './web', message: 'shared/ is imported by both sides and must not import the web app.' },
  { target: './server', from: './web', message: 'The server must not import the web app.' },
  {
    target: './web',
    from: './server',
    message: 'The web app talks to the server over HTTP only; share code through shared/.',
  },
  { target: './web/components', from: './web/features', message: 'Shared components must not depend on a feature.' },
  { target: './web/components', from: './web/app', message: 'Shared components must not depend on the app shell.' },
  { target: './web/lib', from: './web/features', message: 'lib/ must not depend on a feature.' },
  { target: './web/lib', from: './web/app', message: 'lib/ must not depend on the app shell.' },
  { target: './web/features', from: './web/app', message: 'Features must not depend on the app shell.' },
  ...webFeatures.map((f) => ({
    target: `./web/features/${f}`,
    from: './web/features',
    except: [`./${f}`],
    message: 'A feature must not reach into another feature; promote shared code to components/, lib/ or shared/.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'web/dist',
      'data',
      'test-results',
      'playwright-report',
      'server/db/migrations',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules where the product's code lives, and its browser tests and benchmarks: no floating or misused
    // promises, no `any` leaking from a library. Each file is checked in its project of tsconfig.json's references.
    files: [
      'server/**/*.{ts,tsx}',
      'web/**/*.{ts,tsx}',
      'shared/**/*.{ts,tsx}',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'playwright.config.ts',
    ],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
);
