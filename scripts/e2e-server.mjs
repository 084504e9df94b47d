// Starts the built server for Playwright on a fresh embedded database seeded with the demo data.
import { rmSync } from "node:fs";

const dataDir = ".e2e-data";
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  NODE_ENV: "production",
  SESSION_SECRET: process.env.SESSION_SECRET ?? "e2e-only-session-secret-0123456789abcdef",
  PGLITE_DIR: `${dataDir}/pglite`,
  OUTBOX_DIR: `${dataDir}/outbox`,
  UPLOADS_DIR: `${dataDir}/uploads`,
  LOG_REQUESTS: "false",
  SEED_DEMO_DATA: "true",
  // Offline map tiles: tests never reach the internet.
  MAP_TILE_URL: "/images/map-tile.svg",
});
await import("../build/server.js");
