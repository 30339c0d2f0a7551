import { existsSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, defineConfig, devices } from '@playwright/test';
import { createScratchDatabase } from './server/db/scratch.ts';

/**
 * End-to-end tests in a real Chromium against the real server on a fresh embedded database per run.
 * Browser: CHROME_PATH, else Debian's /usr/bin/chromium, else Playwright's own build when installed.
 */
function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'].filter((p): p is string => !!p);
  for (const p of candidates) if (existsSync(p)) return p;
  let bundled: string | undefined;
  try {
    bundled = chromium.executablePath();
  } catch {
    bundled = undefined;
  }
  if (bundled && existsSync(bundled)) return undefined; // Playwright finds its own browser.
  throw new Error(
    "No Chromium found for the end-to-end tests. Install Debian's `chromium` package, set CHROME_PATH to a Chrome/Chromium binary, " +
      'or run `npx playwright install chromium`.',
  );
}

const EXECUTABLE = chromiumPath();
/** The first port from `start` up that nothing listens on, so parallel runs never share (and stop) a server. */
async function freePort(start: number): Promise<number> {
  for (let port = start; port < start + 100; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port between ${start} and ${start + 99} for the end-to-end server`);
}

// Fixed when E2E_PORT is set (then an already running server on it may be reused); otherwise 3100 or the next
// free port. Computed once in the runner: workers inherit the environment and must talk to the same server.
const reuseServer = !!process.env.E2E_PORT && !process.env.CI;
process.env.E2E_PORT ??= String(await freePort(3100));
const PORT = Number(process.env.E2E_PORT);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// Workers inherit the runner's environment: compute these once, in the runner, and share them.
process.env.E2E_BASE_URL = BASE_URL;
// The clinic runs in a time zone where it is about noon when the run starts, so a test can book a visit later today
// (and staff can record it on its day) whatever the hour the suite runs at. Etc/GMT-N is UTC+N.
if (!process.env.E2E_CLINIC_TZ) {
  const offset = 12 - new Date().getUTCHours();
  process.env.E2E_CLINIC_TZ = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
process.env.E2E_ADMIN_EMAIL ??= 'admin@e2e.pawcare.test';
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'pawcare-e2e-'));

// With TEST_DATABASE_URL (CI's PostgreSQL run) the server runs on a fresh PostgreSQL database, dropped by the
// global teardown; otherwise on the embedded database in E2E_DATA_DIR.
if (process.env.TEST_DATABASE_URL && !process.env.E2E_DATABASE_URL) {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'pawcare_e2e');
  process.env.E2E_DATABASE_URL = scratch.url;
  process.env.E2E_DATABASE_NAME = scratch.name;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const isCI = !!process.env.CI;

export default defineConfig({
  testDir: 'e2e',
  // One output folder per server port: parallel runs on one machine do not wipe each other's traces.
  outputDir: path.join('test-results', `port-${PORT}`),
  fullyParallel: false,
  forbidOnly: isCI,
  // A test that passes only on its retry is a flake: the run lists it at the end (the list reporter's "flaky") and
  // fails. The retry stays so the report shows both tries.
  retries: isCI ? 1 : 0,
  failOnFlakyTests: isCI,
  workers: isCI ? 1 : 2,
  // The longest journeys take about a minute on a two-core machine that also runs CI's checks lane (decision 034)
  // and other work: twice that before a test is stopped. Each step still fails after expect's timeout.
  timeout: 120_000,
  // A step waits up to 10 s for what a person would see; in CI, on a shared two-core machine beside the checks lane,
  // up to 20 s. A hang guard, not a speed budget: speed is measured by bench/.
  expect: { timeout: isCI ? 20_000 : 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: EXECUTABLE, args: CHROMIUM_ARGS } },
    },
  ],
  globalTeardown: './e2e/global-teardown.ts',
  webServer: {
    // scripts/start.mjs builds the web app when it is missing or stale, then runs server/main.ts in the same process.
    command: 'node scripts/start.mjs',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: reuseServer,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      REDIS_URL: process.env.REDIS_URL ?? '',
      JWT_SECRET: 'e2e-only-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      CLINIC_TZ: process.env.E2E_CLINIC_TZ,
      // Open every day, so a spec booking "in 5 days" passes whatever the weekday (the clinic settings start from it).
      CLINIC_HOURS: 'Mon-Sun 09:00-18:00',
      LOG_LEVEL: 'warn',
      // Stopped when the run ends: no production drain to wait for.
      SHUTDOWN_DRAIN_MS: '0',
      LOGIN_RATE_LIMIT_IP: '100000',
      LOGIN_RATE_LIMIT_EMAIL: '100000',
      // Every test signs its people up from 127.0.0.1.
      REGISTER_RATE_LIMIT_IP: '100000',
      ORDER_RATE_LIMIT: '100000',
      // Every test's browser talks from 127.0.0.1.
      REQUEST_RATE_LIMIT: '1000000',
    },
  },
});
