// `npm test`: every phase CI runs, in order, stopping at the first that fails, each one timed. The times and the
// counts the runners report go to .cache/test-run.json, from which `npm run docs:figures` rewrites the figures in
// README.md and CONTRIBUTING.md (scripts/checks/test-figures.mjs): the documentation's figures are measured, not typed.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { availableParallelism } from "node:os";

const PHASES = [
  ["typecheck", "typecheck"],
  ["lint", "lint"],
  ["vitest", "test:unit"],
  ["build", "build"],
  ["two instances", "test:instances"],
  ["browser tests", "test:e2e"],
  ["server log", "test:log"],
];

mkdirSync(".cache", { recursive: true });
const env = {
  ...process.env,
  VITEST_JSON: ".cache/vitest.json",
  PLAYWRIGHT_JSON_OUTPUT_NAME: ".cache/playwright.json",
};
const times = [];
let failed = null;
const started = Date.now();
for (const [name, script] of PHASES) {
  const phaseStarted = Date.now();
  const { status } = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit", env });
  times.push({ phase: name, seconds: Math.round((Date.now() - phaseStarted) / 100) / 10 });
  if (status !== 0) {
    failed = name;
    break;
  }
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
const vitest = readJson(".cache/vitest.json");
const playwright = readJson(".cache/playwright.json");
const run = {
  date: new Date().toISOString().slice(0, 10),
  cores: availableParallelism(),
  totalSeconds: Math.round((Date.now() - started) / 1000),
  failed,
  phases: times,
  vitest: vitest && { tests: vitest.numTotalTests, passed: vitest.numPassedTests, files: vitest.testResults.length },
  browser: playwright && {
    passed: playwright.stats.expected,
    flaky: playwright.stats.flaky,
    failed: playwright.stats.unexpected,
    skipped: playwright.stats.skipped,
  },
};
writeFileSync(".cache/test-run.json", `${JSON.stringify(run, null, 2)}\n`);
console.log(`\nnpm test: ${failed ? `${failed} failed` : "every phase passed"} in ${run.totalSeconds} s`);
for (const { phase, seconds } of times) console.log(`  ${phase.padEnd(14)} ${seconds} s`);
process.exit(failed ? 1 : 0);
