import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const SERVER_TESTS = ["app/**/*.server.test.ts", "db/**/*.test.ts", "server/**/*.test.ts"];
const isServerTest = (file: string) =>
  /^app\/.*\.server\.test\.ts$/.test(file) || /^(db|server)\/.*\.test\.ts$/.test(file);

/**
 * The server test files that set the environment before the app's modules load (an outbox folder, a size cap): the
 * app reads its configuration once (env.server.ts), so such a file needs modules of its own. Found by reading the
 * files, so a new one is isolated without being listed.
 */
const SETS_ENVIRONMENT = /configureOutbox\(|Object\.assign\(process\.env|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]/;
const environmentSetting = ["app", "db", "server"]
  .flatMap((folder) => readdirSync(folder, { recursive: true, encoding: "utf8" }).map((file) => `${folder}/${file}`))
  .filter((file) => isServerTest(file) && SETS_ENVIRONMENT.test(readFileSync(file, "utf8")));

/**
 * Two projects: `unit` (pure rules, no database; `npx vitest run --project unit` answers in seconds) and `server`
 * (server modules, loaders and actions against PGlite, and PostgreSQL when TEST_DATABASE_URL is set). The server
 * project migrates once in its global set-up and gives each file a copy (tests/support/test-database.ts).
 *
 * Files share a worker's modules (`isolate: false`): importing the app again for each of 129 files cost a minute of
 * the run's two cores (192 s in all, 137 s without). A file that sets the environment first runs isolated (`server
 * (own modules)`); every other file sets its state in its own hooks (its database through `useAppDatabase`).
 */
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    // `npm test` (scripts/checks/run-tests.mjs) also keeps the counts, for the documentation's figures.
    reporters: process.env.VITEST_JSON ? ["default", "json"] : ["default"],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Server tests spend much of their time waiting on PostgreSQL, Redis and timers: vitest's default (one worker
    // less than the cores) leaves a 2-core machine running files one at a time. Threads start faster than forks.
    pool: "threads",
    maxWorkers: Math.max(2, availableParallelism()),
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.mjs"],
          exclude: ["app/**/*.server.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: SERVER_TESTS,
          exclude: environmentSetting,
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/cheap-password-hashing.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "server (own modules)",
          include: environmentSetting,
          isolate: true,
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/cheap-password-hashing.ts"],
        },
      },
    ],
  },
});
