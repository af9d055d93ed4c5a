import { defineConfig } from 'vitest/config';

// Unit and integration tests. End-to-end tests (test/e2e) run under Playwright, benchmarks under `npm run bench`.
// The release build and pack (test/build/pack.test.ts) rewrites out/, which other tests' servers serve: it runs
// alone, as the test command's `pack` stage (RECHECK_PACK=1), never beside them.
const PACK = 'test/build/pack.test.ts';
// The launch smoke test starts the real desktop app from out/ (where Electron's binary is installed): it runs alone
// too, as the test command's `desktop` stage after the pack stage has built out/ (RECHECK_DESKTOP=1).
const DESKTOP = 'test/desktop/launch-smoke.test.ts';
const stage = process.env.RECHECK_PACK === '1' ? 'pack' : process.env.RECHECK_DESKTOP === '1' ? 'desktop' : 'unit';
export default defineConfig({
  test: {
    include: stage === 'pack' ? [PACK] : stage === 'desktop' ? [DESKTOP] : ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', ...(stage === 'pack' ? [] : [PACK]), ...(stage === 'desktop' ? [] : [DESKTOP])],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
