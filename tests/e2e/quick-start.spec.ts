import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, serverStartMs } from "../support/free-port.mjs";

// The README's promise: `npm start` on a fresh machine, with no configuration at all, serves the demo storefront.
/**
 * Starts `command` as a fresh machine would: production mode, a free port, an empty data folder, and no
 * configuration at all (only PATH and HOME from this environment).
 */
async function startUnconfigured(command: string, args: string[], folderPrefix: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), folderPrefix));
  const child = spawn(command, args, {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PGLITE_DIR: `${dataDir}/pglite`,
      OUTBOX_DIR: `${dataDir}/outbox`,
      SESSION_SECRET_FILE: `${dataDir}/session-secret`,
      UPLOADS_DIR: `${dataDir}/uploads`,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return { child, dataDir, origin: `http://127.0.0.1:${port}`, output: () => output };
}

// A container stop sends SIGTERM to `npm start`: it must reach the server, which finishes what it is serving. One
// server for both promises: a fresh start migrates and seeds an empty database, the dearest step of this spec.
test(
  "npm start serves the storefront with no configuration on an empty data folder; SIGTERM stops it gracefully, finishing the request in flight",
  { tag: "@js-on-only" },
  async ({ request }) => {
    // @js-on-only: one run is enough
    test.setTimeout(serverStartMs() + 300_000);
    const { child: npm, dataDir, origin, output } = await startUnconfigured("npm", ["start"], "rentacar-npm-start-");
    try {
      await expect
        .poll(async () => (await request.get(`${origin}/healthz`).catch(() => null))?.status() ?? npm.exitCode, {
          timeout: serverStartMs(),
          intervals: [500],
        })
        .toBe(200);
      const home = await request.get(`${origin}/search?pickup=tunis`);
      expect(home.status()).toBe(200);
      expect(await home.text()).toContain("Choose this car");

      const inFlight = fetch(`${origin}/search?pickup=tunis`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      npm.kill("SIGTERM");
      expect((await inFlight).status).toBe(200);
      const code = await new Promise<number | null>((resolve) => npm.once("exit", resolve));
      expect(output()).toContain("SIGTERM: finishing in-flight requests");
      expect(output()).toContain("[server] stopped");
      // Nothing is left listening.
      expect(
        await fetch(`${origin}/healthz`)
          .then(() => "answering")
          .catch(() => "closed"),
      ).toBe("closed");
      expect(code === 0 || code === null).toBe(true);
    } catch (error) {
      npm.kill("SIGKILL");
      throw new Error(`${String(error)}\n--- npm start output ---\n${output()}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
