import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { OIDC_PORT } from "./tests/e2e/global-setup.ts";
import { MAIL_PORT } from "./tests/e2e/mail-server.ts";
import { AUTH_SECRET, E2E_DATA_DIR } from "./tests/e2e/players.ts";
import { GOOGLE_CLIENT } from "./tests/support/oidc-server.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Playwright cannot download its own browser here: the tests use Debian's Chromium, and a missing
// browser is an error (never a skip), so a green run always means the pages were really driven.
if (!fs.existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
}

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A loaded two-core machine can take a few seconds to render a page; waiting longer keeps the
  // tests about what the page shows, not how fast a busy machine shows it.
  expect: { timeout: 10_000 },
  timeout: 60_000,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    // The built site on a database of its own, created and seeded from scratch for each run.
    command: `rm -rf ${E2E_DATA_DIR} && node server.ts`,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      // Known to the tests, which sign their players' session cookies with it (players.ts).
      BETTER_AUTH_SECRET: AUTH_SECRET,
      BASE_URL: `http://127.0.0.1:${PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${MAIL_PORT}`,
      // Each test page is its own visitor (see fixtures.ts), as if behind a proxy, so the
      // per-address sign-up and sign-in limits apply per test, not to the whole run.
      CLIENT_IP_HEADER: "x-e2e-visitor",
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret,
      GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      // No sweep or job alert fires mid-test (scripts/scheduler-processes.test.ts tests them).
      SCHEDULES: "false",
      // Warnings and errors only: a line per request would bury them in the run's output.
      LOG_LEVEL: "warn",
    },
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
  },
});
