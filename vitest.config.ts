import { defineConfig } from 'vitest/config';

// Unit and integration tests. End-to-end tests (test/e2e) run under Playwright, benchmarks under `npm run bench`.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
