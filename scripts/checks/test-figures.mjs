// Rewrites the test figures in README.md and CONTRIBUTING.md (between <!-- test-figures --> markers) from what the
// last `npm test` measured (.cache/test-run.json, written by scripts/checks/run-tests.mjs): how long each phase took
// and how many tests each runner counted. Run it after a full, green `npm test`: `npm run docs:figures`.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const file = ".cache/test-run.json";
if (!existsSync(file)) {
  console.error(`test-figures: ${file} is missing: run npm test first`);
  process.exit(1);
}
const run = JSON.parse(readFileSync(file, "utf8"));
// `-- --note "…"`: how the machine was used meanwhile (another run beside it), said with the figures.
const noteAt = process.argv.indexOf("--note");
const note = noteAt > 0 ? process.argv[noteAt + 1] : null;
if (run.failed || !run.vitest || !run.browser) {
  console.error(`test-figures: the last npm test did not pass every phase (${run.failed ?? "no counts"}): no figures`);
  process.exit(1);
}
const duration = (seconds) =>
  seconds < 90 ? `${Math.round(seconds)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
// Phases of one stage ran side by side (run-tests.mjs): said as such, so nobody adds their times up.
const stages = new Map();
for (const [index, entry] of run.phases.entries()) {
  const key = entry.stage ?? `alone ${index}`;
  stages.set(key, [...(stages.get(key) ?? []), entry]);
}
const phases = [...stages.values()]
  .map((group) => {
    const timed = group.map(({ phase, seconds }) => `${phase} ${duration(seconds)}`);
    return timed.length === 1 ? timed[0] : `${timed.slice(0, -1).join(", ")} and ${timed.at(-1)} side by side`;
  })
  .join(", ");
const block = [
  `Measured by \`npm test\` on ${run.date} on ${run.cores} cores${note ? `, ${note}` : ""}: ${duration(run.totalSeconds)} in all (${phases}).`,
  `Vitest ran ${run.vitest.tests} tests in ${run.vitest.files} files (pure rules, and server modules on PGlite and`,
  `PostgreSQL when \`TEST_DATABASE_URL\` is set); the browser tests ran ${run.browser.passed + run.browser.flaky} flows`,
  `(JavaScript on and off; skipped: ${run.browser.skipped}; passed only on a retry: ${run.browser.flaky}).`,
  "Written by `npm run docs:figures` from that run, never by hand.",
].join("\n");

const pattern = /<!-- test-figures -->[\s\S]*?<!-- \/test-figures -->/;
for (const doc of ["README.md", "CONTRIBUTING.md"]) {
  const text = readFileSync(doc, "utf8");
  if (!pattern.test(text)) throw new Error(`test-figures: ${doc} has no <!-- test-figures --> block`);
  writeFileSync(doc, text.replace(pattern, `<!-- test-figures -->\n${block}\n<!-- /test-figures -->`));
}
console.log(`test-figures: README.md and CONTRIBUTING.md now say\n${block}`);
