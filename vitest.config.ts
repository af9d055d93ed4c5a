import { defineConfig } from 'vitest/config';

// Unit and integration tests. End-to-end tests (test/e2e) run under Playwright, benchmarks under `npm run bench`.
// The release build and pack (test/build/pack.test.ts) rewrites out/, which other tests' servers serve: it runs
// alone, as the test command's `pack` stage (RECHECK_PACK=1), never beside them.
const PACK = 'test/build/pack.test.ts';
export default defineConfig({
  test: {
    include: process.env.RECHECK_PACK === '1' ? [PACK] : ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', ...(process.env.RECHECK_PACK === '1' ? [] : [PACK])],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
