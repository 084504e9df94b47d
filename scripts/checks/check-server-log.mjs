// After the browser tests: the e2e server's whole log (.e2e-data/server.log, access lines included) must carry no
// token, password hash or personal field. Run by `npm test` after Playwright.
import { existsSync, readFileSync, statSync } from "node:fs";
import { findLeaks } from "./log-leaks.mjs";

const file = process.argv[2] ?? ".e2e-data/server.log";
if (!existsSync(file)) {
  console.error(`check-server-log: ${file} is missing (run the browser tests first)`);
  process.exit(1);
}
const text = readFileSync(file, "utf8");
const requests = text.split("\n").filter((line) => /^(GET|POST|HEAD) \//.test(line)).length;
if (requests === 0) {
  console.error(`check-server-log: ${file} holds no request lines: the check would prove nothing`);
  process.exit(1);
}
const leaks = findLeaks(text);
if (leaks.length) {
  console.error(`check-server-log: ${leaks.length} line(s) of ${file} leak what a log must not hold:`);
  for (const leak of leaks) console.error(`  line ${leak.line}: ${leak.what}: ${leak.text}`);
  process.exit(1);
}
console.log(
  `check-server-log: ${requests} requests, ${(statSync(file).size / 1024).toFixed(0)} KiB of log, no token, hash or personal field`,
);
