import { defineConfig, devices } from '@playwright/test';
import { infraConfig } from '@examprep/test-kit';

// Browser tests with Debian's Chromium (no browser download) against the whole system on the
// TEST profile, started by tools/test/run-all.mjs (or by the global setup when run alone).
const cfg = infraConfig('test');

export default defineConfig({
  testDir: './src',
  testMatch: '**/*.e2e.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  outputDir: '../../.infra/test-results/playwright',
  globalSetup: './src/support/global-setup.ts',
  use: {
    baseURL: cfg.webUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grepInvert: /@phone/,
    },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
      grep: /@phone/,
    },
  ],
});
