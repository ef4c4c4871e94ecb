import { defineConfig, devices } from '@playwright/test';
import { infraConfig } from '@examprep/test-kit';

// Browser tests with Debian's Chromium (no browser download) against the whole system on the
// TEST profile, started by tools/test/run-all.mjs (or by the global setup when run alone).
const cfg = infraConfig('test');
/** The browser journeys that launch the LMS stand-in's members. */
const LTI_JOURNEYS = /lti-(launch|grades)\.e2e\.ts$/;

export default defineConfig({
  testDir: './src',
  testMatch: '**/*.e2e.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers: two files at once (each file's tests in order). The tier is CPU-bound on the
  // 2-core machine of npm test, yet two workers took it from 11.6 to 7.2 min; a sign-in of one
  // account holds a lock the workers share (support/account-lock.ts); every file keeps to data
  // of its own (fresh learners, markers), except the two LTI journeys (project `desktop-lti`).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json']],
  outputDir: '../../.infra/test-results/playwright',
  globalSetup: './src/support/global-setup.ts',
  use: {
    baseURL: cfg.webUrl,
    // a failed test keeps its trace with DOM snapshots of every step; the screencast (a JPEG per
    // frame, for every test, thrown away when it passes) cost 15 % of the tier's time
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // the app's transitions follow prefers-reduced-motion (Bootstrap's do): no frames to paint
    // while a test waits for a dialog to open or close (8 % of the tier's time)
    reducedMotion: 'reduce',
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
      testIgnore: LTI_JOURNEYS,
    },
    {
      // the LMS stand-in's members (Lee, Lara) are launched by both: one file at a time, so two
      // first launches of one member do not race (beside the other projects' files)
      name: 'desktop-lti',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: LTI_JOURNEYS,
      grepInvert: /@phone/,
      workers: 1,
    },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
      grep: /@phone/,
    },
  ],
});
