// Browser tests use the system Chromium and never download one: say clearly how to get it.
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(path)) {
  console.error(`Chromium not found at ${path}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
