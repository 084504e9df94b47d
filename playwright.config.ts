import { defineConfig, devices } from "@playwright/test";
import { portFromEnv, serverStartMs } from "./tests/support/free-port.mjs";
import { chromiumLaunchOptions } from "./tests/support/chromium.mjs";

// Free ports unless given: two runs of the suite can share a machine. The choice is written into the environment,
// so the workers and the web server (started after this file is read) use the same ones.
const PORT = portFromEnv("E2E_PORT");
portFromEnv("E2E_OIDC_PORT");
export const baseURL = `http://127.0.0.1:${PORT}`;

// System Chromium only: no browser is ever downloaded (stack notes §13).
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: chromiumLaunchOptions,
};

export default defineConfig({
  testDir: "tests/e2e",
  // Generous limits: a passing test never waits for them, and a busy machine (a second run beside this one) needs them.
  timeout: 300_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Two workers on two cores: each test makes its own drivers, bookings and dates, so files can run side by side.
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ["list"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
    // `npm test` (scripts/checks/run-tests.mjs) also keeps the counts, for the documentation's figures.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["json"] as const] : []),
  ],
  // A trace records every frame, a fifth of a run's CPU: it is taken when a failed test is tried again (CI retries
  // once). To trace every failure locally: `npx playwright test --trace retain-on-failure`.
  // One browser context per worker, reset between tests (cookies, cache, storage, routes, pages, viewport): a new
  // context and its first page cost ~0.8 s of CPU each, a fifth of the browser tests' time (decision 042). Each test
  // makes its own accounts, bookings and dates, so no test leans on another's leftovers; a test that sets something
  // the reset does not undo (a page's extra headers) undoes it itself, and a failed test's worker is replaced.
  use: { baseURL, trace: "on-first-retry", locale: "en-US", reuseContext: true },
  projects: [
    // A check that means something in one of the two runs only is tagged for it, and the other run leaves it out.
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true }, grepInvert: /@js-off-only/ },
    {
      name: "js-off",
      use: { ...chromium, javaScriptEnabled: false },
      grepInvert: /@js-on-only/,
      // Hydration needs JavaScript.
      testIgnore: ["**/hydration.spec.ts"],
    },
  ],
  webServer: {
    command: "node tests/support/e2e-server.mjs",
    url: `${baseURL}/healthz`,
    timeout: serverStartMs(),
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { PORT: String(PORT), HOST: "127.0.0.1", E2E_OIDC_PORT: process.env.E2E_OIDC_PORT! },
  },
});
