/**
 * Server CPU per results page: starts the production build (`npm run build` first) on its own port, warms it up
 * (BENCH_WARMUP pages, default 1,000), then requests /search pages of 15 cards one after another, as a browser asks for them (brotli accepted), and
 * divides the CPU time the server process used (user + system, from /proc) by the number of pages. The embedded
 * database runs inside that process, so on PGlite the figure includes the queries; on PostgreSQL
 * (DATABASE_URL=postgres://…, a migrated database, seeded by the server when empty) it is the app's own share.
 *
 * Usage: npx tsx bench/search-cpu.ts [pages per round] [rounds]        (defaults 300 and 5; Linux only)
 *        BENCH_CONCURRENCY=16 …   (that many clients at once, each asking for its share of a round's pages)
 *        BENCH_NODE_ARGS="--max-semi-space-size=…" …   (options for the server's Node.js)
 *        BENCH_ACCEPT_ENCODING=identity …   (pages uncompressed: compression's share of the CPU)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, serverStartMs } from "../tests/support/free-port.mjs";

const pages = Number(process.argv[2] ?? 300);
const rounds = Number(process.argv[3] ?? 5);
if (!(pages >= 1 && rounds >= 1))
  throw new Error("usage: npx tsx bench/search-cpu.ts [pages per round ≥ 1] [rounds ≥ 1]");
const warmupPages = Number(process.env.BENCH_WARMUP ?? 1000);
if (!(warmupPages >= 0)) throw new Error("BENCH_WARMUP: a number of pages ≥ 0");
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 1);
if (!(Number.isInteger(concurrency) && concurrency >= 1)) throw new Error("BENCH_CONCURRENCY: a whole number ≥ 1");
const port = Number(process.env.BENCH_PORT) || (await freePort());
const base = `http://127.0.0.1:${port}`;
const ticksPerSecond = 100; // USER_HZ on Linux

function cpuMilliseconds(pid: number, kind: "user" | "system" | "both" = "both"): number {
  // Fields 14 and 15 of /proc/<pid>/stat (after the command name in parentheses): utime and stime, in ticks.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = { user: Number(fields[11]), system: Number(fields[12]) };
  return ((kind === "both" ? ticks.user + ticks.system : ticks[kind]) / ticksPerSecond) * 1000;
}

const day = (offset: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset, 10))
    .toISOString()
    .slice(0, 16);
};
const searches = ["tunis", "paris", "madrid", "hammamet"].flatMap((place) =>
  [10, 20, 30].map((offset) => `/search?pickup=${place}&from=${day(offset)}&to=${day(offset + 3)}`),
);

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rentacar-bench-"));
  const server = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean), "build/server.js"],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_REQUESTS: "false",
        PGLITE_DIR: `${dataDir}/pglite`,
        OUTBOX_DIR: `${dataDir}/outbox`,
        SESSION_SECRET_FILE: `${dataDir}/secret`,
        APP_URL: base,
        SANDBOX_PAYMENTS: "true",
        SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-session-secret-0123456789abcdef-0123",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  try {
    const deadline = Date.now() + serverStartMs();
    while ((await fetch(`${base}/healthz`).catch(() => null))?.status !== 200) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`the server did not start within ${serverStartMs() / 1000} s (TEST_SERVER_START_SECONDS)`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const get = async (url: string) => {
      const response = await fetch(`${base}${url}`, {
        headers: { "Accept-Encoding": process.env.BENCH_ACCEPT_ENCODING ?? "br, gzip", "Accept-Language": "en" },
      });
      const html = await response.text();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      return html;
    };
    const cards = (await get(searches[0]!)).match(/class="car-card"/g)?.length ?? 0;
    // Warm-up: a running server is warm. V8 keeps optimising the app, and PGlite's WebAssembly, for about the first
    // thousand pages (a page cost 15.5 ms in the first round of 300 after a 60-page warm-up, and 11.5 from the fourth).
    for (let i = 0; i < warmupPages; i++) await get(searches[i % searches.length]!);
    // This machine shares its cores: a neighbour's load shows as CPU time. Several rounds in one server give the
    // spread; the median is the figure to quote, the best round what the code costs undisturbed.
    const perPage: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const before = cpuMilliseconds(server.pid!);
      const systemBefore = cpuMilliseconds(server.pid!, "system");
      const started = performance.now();
      let next = 0;
      const client = async () => {
        for (let i = next++; i < pages; i = next++) await get(searches[i % searches.length]!);
      };
      await Promise.all(Array.from({ length: concurrency }, client));
      const wall = performance.now() - started;
      const cpu = (cpuMilliseconds(server.pid!) - before) / pages;
      const system = (cpuMilliseconds(server.pid!, "system") - systemBefore) / pages;
      perPage.push(cpu);
      console.log(
        `  round ${round}: server CPU ${cpu.toFixed(1)} ms per page (${system.toFixed(1)} in the kernel), wall ${(wall / pages).toFixed(1)} ms per page (${concurrency} client${concurrency > 1 ? "s" : ""})`,
      );
    }
    const sorted = [...perPage].sort((a, b) => a - b);
    const median =
      sorted.length % 2
        ? sorted[(sorted.length - 1) / 2]!
        : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    console.log(
      `${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}: ${rounds} rounds of ${pages} /search pages (${cards} cards on the first), ` +
        `${concurrency} client${concurrency > 1 ? "s" : ""} at once, ` +
        `server CPU per page: median ${median.toFixed(1)} ms, best ${sorted[0]!.toFixed(1)}, worst ${sorted.at(-1)!.toFixed(1)}`,
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
