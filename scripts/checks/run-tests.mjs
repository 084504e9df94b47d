// `npm test`: every phase CI runs, stage by stage, stopping after the first stage where one fails, each phase timed.
// The first stage's phases (typecheck, lint, build) each use one core and need nothing of each other, so they run
// side by side, their output printed whole as each ends; the rest run one at a time. The times and the counts the
// runners report go to .cache/test-run.json, from which `npm run docs:figures` rewrites the figures in README.md and
// CONTRIBUTING.md (scripts/checks/test-figures.mjs): the documentation's figures are measured, not typed.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { availableParallelism } from "node:os";

const STAGES = [
  [
    ["typecheck", "typecheck"],
    ["lint", "lint"],
    ["build", "build"],
  ],
  [["vitest", "test:unit"]],
  [["two instances", "test:instances"]],
  [["browser tests", "test:e2e"]],
  [["server log", "test:log"]],
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
for (const [stageIndex, stage] of STAGES.entries()) {
  const results =
    stage.length === 1 ? [runAlone(...stage[0])] : await Promise.all(stage.map((phase) => runBeside(...phase)));
  for (const { name, seconds, status } of results) {
    times.push({ phase: name, seconds, stage: stageIndex });
    if (status !== 0) failed ??= name;
  }
  if (failed) break;
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
// A browser test that failed (even once, then passed on its retry) left the page as it was in its error context: what
// the page said then (its alerts and status messages) is printed last, where a CI log's tail shows it.
if (playwright && (playwright.stats.unexpected || playwright.stats.flaky)) printWhatFailedPagesSaid("test-results");

writeFileSync(".cache/test-run.json", `${JSON.stringify(run, null, 2)}\n`);
console.log(`\nnpm test: ${failed ? `${failed} failed` : "every phase passed"} in ${run.totalSeconds} s`);
for (const { phase, seconds } of times) console.log(`  ${phase.padEnd(14)} ${seconds} s`);
process.exit(failed ? 1 : 0);

/** A phase with the terminal to itself. */
function runAlone(name, script) {
  const phaseStarted = Date.now();
  const { status } = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit", env });
  return { name, status, seconds: Math.round((Date.now() - phaseStarted) / 100) / 10 };
}

/** A phase beside others: its output (stdout and stderr in order) is held and printed whole when it ends. */
function runBeside(name, script) {
  const phaseStarted = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { env, stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const seconds = Math.round((Date.now() - phaseStarted) / 100) / 10;
      process.stdout.write(`\n── ${name} (${seconds} s, ${code === 0 ? "passed" : "failed"}) ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ name, status: code ?? 1, seconds });
    });
  });
}

/** The alert and status regions, with what they hold, of each failed test's page snapshot under `dir`. */
function printWhatFailedPagesSaid(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir).sort()) {
    const file = `${dir}/${entry}/error-context.md`;
    if (!existsSync(file)) continue;
    const lines = readFileSync(file, "utf8").split("\n");
    const said = [];
    for (let index = 0; index < lines.length; index++) {
      const match = /^(\s*)- (alert|status)\b/.exec(lines[index]);
      if (!match) continue;
      said.push(lines[index]);
      for (let next = index + 1; next < lines.length && said.length < 40; next++) {
        if (!lines[next].startsWith(`${match[1]}  `)) break;
        said.push(lines[next]);
      }
    }
    console.log(`\n${entry}: the page's alerts and status messages when it failed`);
    console.log(said.length ? said.slice(0, 40).join("\n") : "  (none)");
  }
}
