// Browser tests use the system Chromium and never download one. On a fresh Debian machine where we are root, the
// test command installs Debian's package itself (about a minute); elsewhere it stops with the one command to run.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const canInstall = path === "/usr/bin/chromium" && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");

if (!existsSync(path) && canInstall) {
  console.log("Chromium is not installed: installing Debian's chromium package for the browser tests (about a minute)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
  } catch {
    console.error("Installing chromium failed.");
  }
}
if (!existsSync(path)) {
  console.error(`Chromium not found at ${path}. Run: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)`);
  process.exit(1);
}
