// End-to-end tests of browser mode: Debian's Chromium (never a downloaded browser) against
// `recheck serve` on a fresh temporary workspace. The renderer must be built first (`npm run build:renderer`).
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const repo = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  outputDir: path.join(repo, 'test-results/e2e-artifacts'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: path.join(repo, 'test-results/e2e.json') }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1600, height: 1000 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
