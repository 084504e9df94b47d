// The browser tests use Debian's programs and never download one: Chromium (the browser and its headless shell), Java (the Nu HTML checker,
// whose jar comes from npm's vnu-jar), and lynx with tmux (the text-browser journey needs a terminal). On a fresh Debian machine where we are
// root, the test command installs the missing packages itself (about a minute); elsewhere it stops with the command.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

// Chromium's headless shell is what the tests drive (tests/support/chromium.mjs); the full browser is installed beside
// it, for CHROMIUM_PATH=/usr/bin/chromium and for looking at a page by hand.
const chosen = process.env.CHROMIUM_PATH;
const tools = [
  ...(chosen
    ? [{ name: "Chromium", path: chosen, package: "chromium", installable: false }]
    : [
        { name: "Chromium", path: "/usr/bin/chromium", package: "chromium", installable: true },
        {
          name: "Chromium's headless shell",
          path: "/usr/bin/chromium-headless-shell",
          package: "chromium-headless-shell",
          installable: true,
        },
      ]),
  { name: "Java", path: "/usr/bin/java", package: "default-jre-headless", installable: true },
  { name: "lynx", path: "/usr/bin/lynx", package: "lynx", installable: true },
  { name: "tmux", path: "/usr/bin/tmux", package: "tmux", installable: true },
];
const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
const missing = tools.filter((tool) => !existsSync(tool.path));

if (missing.length && canInstall && missing.every((tool) => tool.installable)) {
  const packages = missing.map((tool) => tool.package);
  console.log(`Installing Debian's ${packages.join(", ")} for the browser tests (about a minute)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], {
      stdio: "inherit",
      env,
    });
  } catch {
    console.error(`Installing ${packages.join(", ")} failed.`);
  }
}
const stillMissing = tools.filter((tool) => !existsSync(tool.path));
if (stillMissing.length) {
  for (const tool of stillMissing) console.error(`${tool.name} not found at ${tool.path}.`);
  console.error(
    `Run: sudo apt-get install -y ${stillMissing.map((tool) => tool.package).join(" ")}   (or set CHROMIUM_PATH to a Chromium binary)`,
  );
  process.exit(1);
}
