// Ports for the servers the tests start: the system hands out a free one, so two test runs can share a machine.
import { execFileSync } from "node:child_process";
import { createServer } from "node:net";

/** A port nothing listens on now, on 127.0.0.1. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The same, for configuration files that cannot wait (Playwright's config is read synchronously). @returns {number} */
export function freePortSync() {
  const script = `import("${import.meta.url}").then(async ({ freePort }) => console.log(await freePort()))`;
  return Number(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }).trim());
}

/**
 * The port named by `variable`, or a free one written back into the environment, so the processes started after
 * (Playwright's workers, the web server) agree on it.
 * @param {string} variable
 * @returns {number}
 */
export function portFromEnv(variable) {
  process.env[variable] ||= String(freePortSync());
  return Number(process.env[variable]);
}

/**
 * How long a server the tests or benchmarks start may take to answer /healthz: generous, since a busy machine
 * (a second test run beside this one) takes minutes where a quiet one takes a second. `TEST_SERVER_START_SECONDS`.
 */
export const serverStartMs = () => Number(process.env.TEST_SERVER_START_SECONDS || 180) * 1000;
