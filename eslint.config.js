// Flat config: typescript-eslint's type-checked recommended rules for every workspace (unsafe
// `any`, floating and misused promises, needless assertions), React's rules of hooks for the web
// app, and module boundaries on the server: another module is reached through its index.ts only.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const intoAnotherModule = {
  regex: 'modules/[^/]+/(?!index\\.js$)[^/]+$',
  message: "Import a module through its index.ts ('modules/<module>/index.js').",
};
const intoSiblingModule = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)[^/]+$',
  message: "Import another module through its index.ts ('../<module>/index.js').",
};

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
