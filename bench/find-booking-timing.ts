/**
 * Does "find my booking" tell by its timing whether a reference and an e-mail address belong together (decision 023
 * and its amendment: the answer must be the same, and as soon)? Against a running instance, times posts of the
 * /find-booking form, as a browser without JavaScript sends them, in three cases taken in turn (each round in a
 * shuffled order):
 *   (a) match     a booking's reference with its driver's address;
 *   (b) wrong     a real reference with an address that is not its driver's;
 *   (c) unknown   a reference no booking has.
 *
 * Usage: npx tsx bench/find-booking-timing.ts [base URL] [rounds]        (defaults http://127.0.0.1:3000 and 150)
 *   rounds: 150 by default because with answers of ~5 ms, 40 rounds left the medians' spread at the noise level of the
 *   10 % gate (runs of the same build passed and failed); fewer rounds make a quicker but less trustworthy check.
 *   BENCH_WARMUP=5        rounds posted first and not counted
 *   BENCH_GAP_MS=50       pause between two posts, so each is timed alone
 *   BENCH_PICKUP=tunis    where the bookings of case (a) are made
 *   BENCH_DAY=…           their first pick-up in that many days (default: random, 200-400 days ahead)
 *   DATABASE_URL=…        optional: the server's PostgreSQL; then the bench also checks that each (a) post found its
 *                         booking (a one-time link issued for it) and no (b) post did
 *
 * The form's rate limits cannot be raised by any variable: 20 posts an hour per client address and 5 an hour per
 * e-mail address (RATE_LIMITS.findBooking*). So every post comes from a client address of its own (X-Forwarded-For,
 * believed only by a server started with TRUST_PROXY=loopback, as behind a proxy) and names an address never used
 * before: case (a) needs one booking per round, made first through the checkout form as a visitor paying at
 * pick-up (bench/checkout-burst.ts's post; their references read on their confirmation pages), far in the future.
 * Every post is therefore a first for its client address and its e-mail address in every case.
 *
 * Prints: per case the median and p90 (and min/max) of the answer time, from sending the post to the last byte of
 * the answer (a 302 back to the form), and the largest relative difference between the three medians. Exits 1 if
 * the medians differ by more than 10 %, or if any answer is not that redirect (a 429: the server counts the posts
 * as one address, see above).
 * It only ever targets this machine.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import {
  LOCAL,
  addressMaker,
  answerSummary,
  bookAsVisitor,
  dayAhead,
  findCar,
  formBody,
  localDatabaseUrl,
  median,
  ms,
  percentile,
  post,
  postHeaders,
  readForm,
  type Answer,
  type HtmlForm,
} from "./checkout-burst";

const [base = "http://127.0.0.1:3000", roundsText = "150"] = process.argv.slice(2);
if (!LOCAL.test(base))
  throw new Error("benches target this machine only (http://127.0.0.1:PORT or http://localhost:PORT)");
const rounds = Number(roundsText);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const gapMs = Number(process.env.BENCH_GAP_MS ?? 50);
if (!(Number.isInteger(rounds) && rounds >= 3)) throw new Error("rounds: a whole number ≥ 3");
if (!(Number.isInteger(warmup) && warmup >= 0)) throw new Error("BENCH_WARMUP: a whole number ≥ 0");
if (!(gapMs >= 0)) throw new Error("BENCH_GAP_MS: milliseconds ≥ 0");
const pickup = process.env.BENCH_PICKUP ?? "tunis";
const firstDay = Number(process.env.BENCH_DAY ?? 200 + Math.floor(Math.random() * 201));
const database = process.env.DATABASE_URL ? new pg.Client({ connectionString: localDatabaseUrl() }) : null;

const run = randomBytes(4).toString("hex");
const nextAddress = addressMaker();
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

// 1. One booking per counted or warm-up round, each for its own visitor: two days each, a day apart, each of a car
// the results page offers free for its period (paying at pick-up).
const needed = rounds + warmup;
console.log(
  `find-booking-timing: ${base}, ${rounds} rounds (+${warmup} warm-up), ${gapMs} ms apart; making ${needed} bookings ` +
    `at ${pickup} (pay later) from ${dayAhead(firstDay)}, run ${run}`,
);
interface Known {
  reference: string;
  email: string;
}
const known: Known[] = [];
for (let index = 0; index < needed; index++) {
  const day = firstDay + 3 * index;
  const { link } = await findCar(base, pickup, `${dayAhead(day)}T10:00`, `${dayAhead(day + 2)}T10:00`, "payLater");
  const email = `finder-${run}-${index}@example.com`;
  const answer = await bookAsVisitor(
    base,
    link,
    { fullName: `Finder ${index}`, email, clientIp: nextAddress() },
    "payLater",
  );
  if (!answer.location?.startsWith("/confirmation/"))
    throw new Error(`booking ${index + 1} of ${needed} failed: ${answerSummary(answer)}`);
  // The confirmation page, in the browser that booked (its __bookings cookie), names the reference.
  const cookie = answer.setCookie.map((line) => line.split(";")[0]).join("; ");
  const page = await (
    await fetch(new URL(answer.location, base), { headers: { Cookie: cookie, "Accept-Language": "en" } })
  ).text();
  const reference = /<title>[^<]*\b([0-9A-F]{8})\b/.exec(page)?.[1];
  if (!reference) throw new Error(`no reference on the confirmation page ${answer.location}`);
  known.push({ reference, email });
}

// 2. The form, and the three cases.
const formUrl = `${base}/find-booking`;
const form: HtmlForm = readForm(
  await (await fetch(formUrl, { headers: { "Accept-Language": "en" } })).text(),
  formUrl,
  {
    id: "find-booking",
  },
);
type Case = "match" | "wrong" | "unknown";
const CASES: Case[] = ["match", "wrong", "unknown"];
const references = new Set(known.map((booking) => booking.reference));
function unknownReference(): string {
  for (;;) {
    const reference = randomBytes(4).toString("hex").toUpperCase();
    if (!references.has(reference)) return reference;
  }
}
let asked = 0;
function query(kind: Case, round: number): { reference: string; email: string } {
  asked++;
  const booking = known[round]!;
  if (kind === "match") return { reference: booking.reference, email: booking.email };
  // Another booking's reference (a real one) with an address never used: its counters are fresh as (a)'s is.
  if (kind === "wrong")
    return { reference: known[(round + 1) % known.length]!.reference, email: `stranger-${run}-${asked}@example.com` };
  return { reference: unknownReference(), email: `stranger-${run}-${asked}@example.com` };
}

const times: Record<Case, number[]> = { match: [], wrong: [], unknown: [] };
const refused: Array<{ kind: Case; answer: Answer }> = [];
for (let round = 0; round < needed; round++) {
  const order = [...CASES].sort(() => Math.random() - 0.5);
  for (const kind of order) {
    const body = formBody(form, query(kind, round), { name: "intent", value: "find-booking" });
    await sleep(gapMs);
    const answer = await post(form.action, body, postHeaders(base, nextAddress()));
    if (!(answer.status === 302 && new URL(answer.location ?? "", base).pathname === "/find-booking")) {
      refused.push({ kind, answer });
      continue;
    }
    if (round >= warmup) times[kind].push(answer.ms);
  }
}

// 3. Figures.
const labels: Record<Case, string> = {
  match: "(a) reference and its e-mail",
  wrong: "(b) real reference, wrong e-mail",
  unknown: "(c) unknown reference",
};
const medians = CASES.map((kind) => median(times[kind]));
for (const kind of CASES) {
  const values = times[kind];
  console.log(
    `${labels[kind].padEnd(34)} ${String(values.length).padStart(3)} posts: median ${ms(median(values))}, p90 ${ms(percentile(values, 90))} ` +
      `(min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))})`,
  );
}
const spread = (Math.max(...medians) - Math.min(...medians)) / Math.min(...medians);
console.log(`largest relative difference between medians: ${(spread * 100).toFixed(1)} % (limit 10 %)`);

const failures: string[] = [];
if (refused.length) {
  const groups = new Map<string, number>();
  for (const { kind, answer } of refused)
    groups.set(`${kind}: ${answerSummary(answer)}`, (groups.get(`${kind}: ${answerSummary(answer)}`) ?? 0) + 1);
  for (const [summary, count] of groups) console.log(`  not the usual answer ×${count}: ${summary}`);
  if (refused.some(({ answer }) => answer.status === 429))
    console.log(
      "  (429: the server counts every post as one address — start it with TRUST_PROXY=loopback, see the header)",
    );
  failures.push(`${refused.length} answers were not the redirect back to the form`);
}
if (!(spread <= 0.1)) failures.push(`the medians differ by ${(spread * 100).toFixed(1)} %`);

// With the database: each (a) post issued a one-time link for its booking, no (b) post did (the bench measured what
// it meant to). The lookup runs after the answer: give it a moment.
if (database) {
  await database.connect();
  await sleep(1000);
  const { rows } = await database.query<{ email: string; links: number }>(
    `select u.email, count(t.id)::int as links
       from users u join bookings b on b.driver_id = u.id
       left join tokens t on t.booking_id = b.id and t.purpose = 'bookingAccess'
      where u.email like $1 group by u.email`,
    [`finder-${run}-%`],
  );
  const linked = rows.filter((row) => row.links > 0).length;
  console.log(
    `database: ${linked} of ${needed} bookings got a one-time link (expected ${needed}: one per (a) post, none from (b))`,
  );
  if (linked !== needed - refused.filter(({ kind }) => kind === "match").length)
    failures.push(`${linked} bookings got a link, not ${needed}`);
  await database.end();
}

console.log(failures.length ? `find-booking-timing: FAILED — ${failures.join("; ")}` : "find-booking-timing: passed");
process.exitCode = failures.length ? 1 : 0;
