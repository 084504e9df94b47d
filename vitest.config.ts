import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (pure rules, no database; `npx vitest run --project unit` answers in seconds) and `server`
 * (server modules, loaders and actions against PGlite, and PostgreSQL when TEST_DATABASE_URL is set). The server
 * project migrates once in its global set-up and gives each file a copy (tests/support/test-database.ts).
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
          include: ["app/**/*.server.test.ts", "db/**/*.test.ts", "server/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/cheap-password-hashing.ts"],
        },
      },
    ],
  },
});
