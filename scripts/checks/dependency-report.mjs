// `npm audit` cannot reach an advisory service here, so this reviews the production dependencies by version instead:
// each one's installed version, the registry's latest, and a flag when it is a major version behind or its line is
// past its maintainers' support (the known cases are listed below, with the plan in docs/decisions/012).
// Usage: node scripts/checks/dependency-report.mjs   (asks the npm registry; exits 0 — it informs, it does not gate)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Lines whose maintainers have moved on, as of 2026-11 (see decision 012 for what we plan). */
const SUPPORT_NOTES = {
  "@remix-run/node": "Remix v2 is in maintenance; its successor is React Router 7 (framework mode)",
  "@remix-run/react": "Remix v2 is in maintenance; its successor is React Router 7 (framework mode)",
  "@remix-run/express": "Remix v2 is in maintenance; its successor is @react-router/express",
  "@remix-run/serve": "Remix v2 is in maintenance",
  express: "Express 4 gets security fixes only; Express 5 is the current line",
  react: "React 18 gets no new releases; React 19 is current (Remix 2's peers allow 18 only)",
  "react-dom": "React 18 gets no new releases; React 19 is current",
  "remix-i18next": "6.x is the last line for Remix v2; 7+ need React Router",
  zod: "zod 3 is maintained beside 4; 4 would make form chunks larger under the classic compiler",
};

const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const installed = (name) => {
  try {
    return JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")).version;
  } catch {
    return "not installed";
  }
};
const latest = (name) => {
  try {
    return execFileSync("npm", ["view", name, "version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 20_000,
    }).trim();
  } catch {
    return "unknown";
  }
};
const major = (version) =>
  Number(
    String(version)
      .replace(/^[^\d]*/, "")
      .split(".")[0],
  );

let flagged = 0;
for (const name of Object.keys(pkg.dependencies).sort()) {
  const have = installed(name);
  const newest = latest(name);
  const behind = Number.isFinite(major(have)) && Number.isFinite(major(newest)) && major(newest) > major(have);
  const note = SUPPORT_NOTES[name];
  const flag = behind || note ? "FLAG" : "ok";
  if (flag === "FLAG") flagged++;
  console.log(
    `${flag.padEnd(4)} ${name.padEnd(24)} ${String(have).padEnd(10)} latest ${String(newest).padEnd(10)}${behind ? " (major behind)" : ""}${note ? ` — ${note}` : ""}`,
  );
}
console.log(
  `\n${flagged} of ${Object.keys(pkg.dependencies).length} production dependencies flagged; plan: docs/decisions/012-dependency-upgrades.md`,
);
