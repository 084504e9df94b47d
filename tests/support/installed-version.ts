import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The version of a package as installed (read from its package.json on disk: some packages do not export it). For
 * tests that pin what a custom layer was written and measured against (decision 018, decision 015).
 */
export function installedVersion(name: string): string {
  const file = path.join(process.cwd(), "node_modules", name, "package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}
