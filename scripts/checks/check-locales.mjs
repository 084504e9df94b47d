// Every namespace must have the same keys in every language (plural suffixes _one/_other count as one key). The
// languages are the folders of app/locales, and they must be the `LANGUAGES` of app/domain/enums.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = "app/locales";
const languages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const declared =
  /export const LANGUAGES = \[([^\]]*)\]/.exec(readFileSync("app/domain/enums.ts", "utf8"))?.[1].match(/[a-z-]+/gi) ??
  [];
if (declared.slice().sort().join() !== languages.join()) {
  console.error(
    `locales: app/locales has ${languages.join(", ")}, but LANGUAGES in app/domain/enums.ts lists ${declared.join(", ")}`,
  );
  process.exit(1);
}
const flatten = (value, prefix, out) => {
  for (const [key, child] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === "object" && !Array.isArray(child)) flatten(child, name, out);
    else out.add(name.replace(/_(zero|one|two|few|many|other)$/, ""));
  }
  return out;
};
const keysOf = (language) => {
  const keys = new Set();
  for (const file of readdirSync(path.join(root, language)).filter((name) => name.endsWith(".json"))) {
    const namespace = file.replace(/\.json$/, "");
    for (const key of flatten(JSON.parse(readFileSync(path.join(root, language, file), "utf8")), "", new Set())) {
      keys.add(`${namespace}:${key}`);
    }
  }
  return keys;
};
const sets = Object.fromEntries(languages.map((language) => [language, keysOf(language)]));
let problems = 0;
for (const a of languages) {
  for (const b of languages) {
    const missing = [...sets[a]].filter((key) => !sets[b].has(key));
    if (a !== b && missing.length) {
      problems += missing.length;
      console.error(`${b} lacks ${missing.length} key(s) of ${a}: ${missing.slice(0, 20).join(", ")}`);
    }
  }
}
if (problems) process.exit(1);
console.log(`locales: ${languages.join(", ")} share the same ${sets[languages[0]].size} keys`);
