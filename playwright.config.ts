import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the whole product as `make run` starts it (the AWS stand-in, API, worker, identity
 * provider, gateway), on ports of their own so a running `make run` does not get in the way.
 * The browser is Debian's Chromium, never a downloaded one.
 *
 * One project for each copy of the product (tests/e2e/support/stacks.ts starts the copies side by side, on E2E_PORT..,
 * E2E_PORT+10.., ...), each with one worker: the projects run at the same time and share no data, and within a project
 * the tests run one at a time, in order, as they always have. Two copies on a two-core machine: the list below takes
 * the second (about half of the time: on 2026-11-28, with axe run in the page, about 150 s of tests each on moto,
 * organizations' photographs 67 s of it; later that day, in a CI run on LocalStack, 221 s against the first's 258 s
 * and two explorer tests more, so role-loss and two-people moved here, about 26 s), the first takes every other file,
 * new ones too (three copies took 5.3 min against 4.6, the cores busy). E2E_STACKS=1: one copy, one worker, every file.
 */
const PORT = Number(process.env.E2E_PORT ?? 8100);
const OWN_STACK_FILES = [
  ['dashboards.spec.ts', 'organizations.spec.ts', 'pages.spec.ts', 'project-keys.spec.ts', 'role-loss.spec.ts', 'shell.spec.ts',
    'sign-in.spec.ts', 'system-info.spec.ts', 'two-people.spec.ts'],
];
const STACKS = process.env.E2E_STACKS === '1' ? 1 : OWN_STACK_FILES.length + 1;
const chromium = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium';
const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromium,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  },
};
const baseURL = (stack: number) => `http://127.0.0.1:${PORT + 10 * stack}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: STACKS,
  // One more try for a test that failed: CI machines are slower and busier than a laptop, and a
  // retried pass is still reported as flaky in the list.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  globalSetup: './tests/e2e/support/stacks.ts',
  projects: STACKS === 1
    ? [{ name: 'chromium', use: { ...browser, baseURL: baseURL(0) } }]
    : [
      { name: 'chromium', use: { ...browser, baseURL: baseURL(0) }, workers: 1, testIgnore: OWN_STACK_FILES.flat() },
      ...OWN_STACK_FILES.map((files, n) => ({
        name: `chromium-${n + 2}`, use: { ...browser, baseURL: baseURL(n + 1) }, workers: 1, testMatch: files,
      })),
    ],
});
