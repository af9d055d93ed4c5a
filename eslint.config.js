import tseslint from 'typescript-eslint';
import globals from 'globals';
import layers from './eslint-rules/layers.js';

const recheck = { rules: { layers } };

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'test-results/**',
      'playwright-report/**',
      'cases/*/runs/**',
      'cases/*/logbook/**',
      '.tmp/**',
      'test/fixtures/planted/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { recheck },
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      'recheck/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // checkers: pure, deterministic. No clock, no hidden randomness.
    files: ['checkers/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'checkers use seeded generators only (checkers/random).' },
        { object: 'Date', property: 'now', message: 'checkers read no clock.' },
        { object: 'performance', property: 'now', message: 'checkers read no clock.' },
      ],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date']", message: 'checkers read no clock.' }],
    },
  },
  {
    files: ['scripts/**', 'bin/**', 'eslint-rules/**', '*.config.*', 'test/**', 'bench/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
