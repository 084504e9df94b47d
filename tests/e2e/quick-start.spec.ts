import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { jsEnabled } from "./support";

// The README's promise: `npm start` on a fresh machine, with no configuration at all, serves the demo storefront.
test("the production server starts with no configuration on an empty data folder", async ({ request }) => {
  test.skip(!jsEnabled(), "one run is enough");
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "rentacar-quick-start-"));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", PORT: "3102", HOST: "127.0.0.1" };
  const server = spawn(process.execPath, ["build/server.js"], { cwd: process.cwd(), env: { ...env, PGLITE_DIR: `${dataDir}/pglite`, OUTBOX_DIR: `${dataDir}/outbox`, SESSION_SECRET_FILE: `${dataDir}/session-secret`, UPLOADS_DIR: `${dataDir}/uploads` } });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  try {
    await expect
      .poll(async () => (await request.get("http://127.0.0.1:3102/healthz").catch(() => null))?.status() ?? server.exitCode, { timeout: 60_000, intervals: [500] })
      .toBe(200);
    const home = await request.get("http://127.0.0.1:3102/search?pickup=tunis");
    expect(home.status()).toBe(200);
    expect(await home.text()).toContain("Choose this car");
  } catch (error) {
    throw new Error(`${String(error)}\n--- server output ---\n${output}`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
