import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the whole product as `make run` starts it (moto, API, worker, identity
 * provider, gateway), on ports of their own so a running `make run` does not get in the way.
 * The browser is Debian's Chromium, never a downloaded one.
 */
const PORT = Number(process.env.E2E_PORT ?? 8100);
const chromium = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  // One more try for a test that failed: CI machines are slower and busier than a laptop, and a
  // retried pass is still reported as flaky in the list.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromium,
          args: [
            '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
            '--disable-background-networking', '--disable-component-update', '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: '.venv/bin/python -m devtools.run',
    url: `http://127.0.0.1:${PORT}/config.json`,
    // Starting takes ~40 s here (seeding the demo data into moto); CI machines are slower.
    timeout: 240_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      API_PORT: String(PORT + 1),
      OIDC_PORT: String(PORT + 2),
      AWS_PORT: String(PORT + 3),
      OIDC_KEY_FILE: '',
      APP_VERSION: '0.1.0-e2e',
    },
  },
});
