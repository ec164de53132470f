// Flat config: typescript-eslint's type-checked recommended rules for every workspace (unsafe
// `any`, floating and misused promises, needless assertions), React's rules of hooks for the web
// app, and module boundaries on the server: another module is reached through its index.ts only,
// and only a module below in MODULE_ORDER; the patient pages stay free of staff code.
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { MODULE_ORDER } from './packages/server/src/modules/module-order.mjs';
import { zodBackedExports } from './scripts/lint/zod-backed-exports.mjs';

const intoAnotherModule = {
  regex: 'modules/[^/]+/(?!index\\.js$)[^/]+$',
  message: "Import a module through its index.ts ('modules/<module>/index.js').",
};
const intoSiblingModule = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)[^/]+$',
  message: "Import another module through its index.ts ('../<module>/index.js').",
};

// What a patient or front page loads (CONTRIBUTING.md#where-does-my-change-go): the patient app,
// the light front-page app, and the few files of the staff side they share. A file these import
// joins the list, and the rules below then hold for it too.
const web = 'packages/web/src';
const PATIENT_SURFACE = [
  `${web}/features/patient/**`,
  `${web}/features/front-pages/**`,
  ...['browser-date', 'chunks', 'focus-rescue', 'live', 'qr', 'report-failure', 'retry', 'storage', 'session'].map((name) => `${web}/lib/${name}.ts`),
  `${web}/features/auth/passkey-browser.ts`,
  `${web}/features/auth/sign-in-target.ts`,
  `${web}/features/landing/LandingContent.tsx`,
];
// Style sheets of the staff side the patient and front pages share.
const PATIENT_STYLES = [`${web}/ui/reduced-motion.css`, `${web}/features/landing/LandingPage.module.css`];
// Libraries of the staff app: each would add tens of KB to a page a cheap phone opens first.
const STAFF_LIBRARIES = ['@mantine/*', 'zod', 'zod/*', 'react-router', 'react-router-dom', 'i18next', 'react-i18next', '@tanstack/*'];

export default tseslint.config(
  // Declaration files beside plain JavaScript hold types only.
  { ignores: ['**/node_modules/**', '**/dist/**', '**/*.d.mts', 'data/**', 'packages/server/src/db/migrations/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // Plain JavaScript (scripts, bench, e2e runner) has no type information to check against.
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The service worker: plain script in the browser's worker scope.
    files: ['packages/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // A Fastify plugin is async by its type's contract and registering routes awaits nothing.
    files: ['packages/server/src/**/*.routes.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests: vitest's asymmetric matchers (`expect.any(String)`) and `res.json()` are `any` by
    // design, spies are unbound methods, and stand-in handlers are async without awaiting.
    files: ['**/*.test.{ts,tsx}', 'packages/server/test/**/*.ts', 'e2e/**/*.ts', 'packages/web/src/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Outside every tsconfig: linted without type information.
    files: ['vitest.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // A module's files are its own; others import what its index.ts exports (one surface each).
    files: ['packages/server/src/**/*.ts', 'packages/server/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [intoAnotherModule] }],
    },
  },
  {
    // Inside modules/, a sibling folder is another module.
    files: ['packages/server/src/modules/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [intoAnotherModule, intoSiblingModule] }],
    },
  },
  {
    // The module order (packages/server/src/modules/module-order.mjs): a module's code imports only
    // modules below it. eslint-plugin-boundaries resolves each import to its file (the TypeScript
    // resolver maps `./x.js` to `x.ts`), so no spelling of a path slips past.
    files: ['packages/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'packages/server/tsconfig.json' } },
      'boundaries/elements': [{ type: 'server-module', pattern: 'packages/server/src/modules/*', capture: ['name'], partialMatch: false }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: MODULE_ORDER.slice(0, -1).map((name, index) => ({
            from: { element: { type: 'server-module', captured: { name } } },
            disallow: { to: { element: { type: 'server-module', captured: MODULE_ORDER.slice(index + 1).map((higher) => ({ name: higher })) } } },
            message: `'${name}' may import only modules below it in packages/server/src/modules/module-order.mjs; {{to.element.captured.name}} is above it (docs/architecture.md#server-layers).`,
          })),
        },
      ],
    },
  },
  {
    // The patient and front pages: no staff library, no name of shared whose file reaches zod
    // (scripts/lint/zod-backed-exports.mjs: the bundle would keep all of zod), no staff code (the app shell, ui/, other
    // features, lib/ but the files in PATIENT_SURFACE). Types are erased and stay allowed.
    files: PATIENT_SURFACE.map((pattern) => (pattern.endsWith('**') ? `${pattern}/*.{ts,tsx}` : pattern)),
    // prepare-draw.ts is its own chunk, fetched when the form is first used: it checks the draw
    // with the server's zod rules (docs/performance.md#js-budgets-of-the-patient-pages).
    ignores: ['**/*.test.{ts,tsx}', `${web}/features/patient/draw/prepare-draw.ts`],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'packages/web/tsconfig.json' } },
      'boundaries/files': [
        { category: 'staff', pattern: [`${web}/app/**`, `${web}/ui/**`, `${web}/features/**`, `${web}/lib/**`] },
        { category: 'patient', pattern: [...PATIENT_SURFACE, ...PATIENT_STYLES] },
      ],
    },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@wartefrei/shared',
              importNames: zodBackedExports(path.join(import.meta.dirname, 'packages/shared/src')),
              allowTypeImports: true,
              message: 'Its file reaches zod: the page would load all of zod. Import it as a type, or move the logic into a zod-free file of shared.',
            },
          ],
          patterns: [{ group: STAFF_LIBRARIES, allowTypeImports: true, message: 'A staff library: patient and front pages stay light (CONTRIBUTING.md#where-does-my-change-go).' }],
        },
      ],
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              disallow: { to: { file: { categories: 'staff' } } },
              message: 'Staff code on a patient or front page: import only files listed in PATIENT_SURFACE (eslint.config.js).',
            },
            { allow: { to: { file: { categories: 'patient' } } } },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The classic two; the plugin's React-Compiler rules assume the compiler, which we do not run.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
    languageOptions: { globals: { ...globals.browser } },
  },
);
