/**
 * A small closed-loop load generator (no dependency) against a running server: C concurrent clients request
 * search pages for D seconds; prints requests per second and latency percentiles of full page renders.
 * Usage: npx tsx bench/load.ts [base URL] [concurrency] [seconds]
 * Anything but a 200 counts as an error (a search the server refuses is not a rendered result page).
 * It only ever targets the given local URL and stops by itself.
 */
const [base = "http://127.0.0.1:3000", concurrencyText = "8", secondsText = "20"] = process.argv.slice(2);
const concurrency = Number(concurrencyText);
const seconds = Math.min(120, Number(secondsText));
if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(base))
  throw new Error("load tests target this machine only");

// Generated places (bench:data spreads the cars over them) and demo cities; LOAD_PLACES=a,b,c overrides them
// (e.g. for data generated with BENCH_PLACES=0, the demo places only).
const places = process.env.LOAD_PLACES?.split(",") ?? [
  ...Array.from({ length: 40 }, (_, i) => `bench-place-${1 + i * 37}`),
  "tunis",
  "paris",
];
const filters = [
  "",
  "&range=midi",
  "&gearbox=automatic",
  "&multimedia=bluetooth",
  "&sort=price-desc",
  "&page=2",
  "&deposit=500",
];
let counter = 0;
function nextUrl() {
  counter++;
  const day = 1 + (counter % 90);
  const today = new Date();
  const at = (offset: number) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset, 10))
      .toISOString()
      .slice(0, 16);
  const [from, to] = [at(day), at(day + 3)];
  return `${base}/search?pickup=${places[counter % places.length]}&from=${from}&to=${to}${filters[counter % filters.length]}`;
}

const latencies: number[] = [];
let errors = 0;
const deadline = performance.now() + seconds * 1000;
async function client() {
  while (performance.now() < deadline) {
    const started = performance.now();
    try {
      const response = await fetch(nextUrl(), { headers: { "Accept-Encoding": "gzip" } });
      await response.arrayBuffer();
      if (response.status !== 200) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - started);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, client));
const elapsed = (performance.now() - started) / 1000;
const sorted = [...latencies].sort((a, b) => a - b);
const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
console.log(
  `${latencies.length} requests in ${elapsed.toFixed(1)} s with ${concurrency} clients: ${(latencies.length / elapsed).toFixed(1)} req/s, ` +
    `p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms, errors ${errors}`,
);
export {};
