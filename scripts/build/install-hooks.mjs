// `npm install` / `npm ci` (the prepare script): points git at the repository's hooks (.githooks/), so the commit
// message rule is checked as each commit is made. Outside a git work tree (a tarball, a Docker layer) it does nothing.
import { spawnSync } from "node:child_process";

const inWorkTree = spawnSync("git", ["rev-parse", "--is-inside-work-tree"], { encoding: "utf8" });
if (inWorkTree.status === 0 && inWorkTree.stdout.trim() === "true")
  spawnSync("git", ["config", "core.hooksPath", ".githooks"], { stdio: "ignore" });
