// `npm start` on a fresh clone: build once if there is no build yet.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server.js") || !existsSync("build/index.js")) {
  console.log("No build found: running npm run build first.");
  execSync("npm run build", { stdio: "inherit" });
}
