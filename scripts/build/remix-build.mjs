// `remix build`, as the CLI does it (@remix-run/dev 2.17.5's commands.build), except that the compiler is disposed
// when it is done. The CLI leaves esbuild's contexts open and calls process.exit(0) at once, which races esbuild's
// service (esbuild#2485): on a busy machine it then prints "fatal error: all goroutines are asleep - deadlock!" and
// its goroutines after "[info] built". Disposed, the service has nothing left and Node ends by itself.
import { createRequire } from "node:module";
import { rmSync, mkdirSync } from "node:fs";

const require = createRequire(import.meta.url);
const { readConfig } = require("@remix-run/dev/dist/config.js");
const { create } = require("@remix-run/dev/dist/compiler/compiler.js");
const { createFileWatchCache } = require("@remix-run/dev/dist/compiler/fileWatchCache.js");
const { logger } = require("@remix-run/dev/dist/tux/logger.js");

const started = Date.now();
logger.info("building... (NODE_ENV=production)");
const config = await readConfig(process.cwd());
rmSync(config.assetsBuildDirectory, { recursive: true, force: true });
mkdirSync(config.assetsBuildDirectory, { recursive: true });
const compiler = await create({
  config,
  options: { mode: "production", sourcemap: false },
  fileWatchCache: createFileWatchCache(),
  logger,
});
try {
  await compiler.compile();
  logger.info(`built (${Date.now() - started} ms)`);
} catch (error) {
  console.error(error);
  logger.error("build failed");
  process.exitCode = 1;
} finally {
  await compiler.dispose();
}
