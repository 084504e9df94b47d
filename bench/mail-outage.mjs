// Mail under an SMTP outage, measured as a driver meets it (decision 020). Starts the production build
// on a fresh PostgreSQL database with SMTP_URL pointing at a local SMTP server (smtp-server), then:
//   1. SMTP up: 10 visitor bookings (pay at pick-up), the post's latency;
//   2. SMTP refusing connections for OUTAGE_SECONDS (default 120): 20 bookings spread over it, their latency;
//   3. SMTP accepting connections and never answering: 10 bookings, their latency;
//   4. SMTP back: waits until the outbox is empty, then checks every queued mail arrived exactly once (Message-ID);
//   5. kill -9 right after 10 more bookings (SMTP down), a restart with SMTP up: every booking's mail arrives.
// Usage: npm run build && node bench/mail-outage.mjs [postgres admin URL]   (default: TEST_DATABASE_URL)
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";
import { SMTPServer } from "smtp-server";

const adminUrl = process.argv[2] ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 120);
const APP_PORT = 3461;
const SMTP_PORT = 2561;
const name = `rentacar_mail_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${name}`;
const database = new pg.Client({ connectionString: databaseUrl.href });

/** Every message the SMTP server accepted: its Message-ID and recipients. */
const received = [];
let smtp = null;
let hung = null;
const hungSockets = new Set();
function smtpUp() {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => (raw += chunk));
      stream.on("end", () => {
        received.push({
          messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? "?",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve));
}
const smtpDown = () => new Promise((resolve) => (smtp ? smtp.close(() => ((smtp = null), resolve())) : resolve()));
function smtpHung() {
  hung = net.createServer((socket) => hungSockets.add(socket));
  return new Promise((resolve) => hung.listen(SMTP_PORT, "127.0.0.1", resolve));
}
const smtpUnhung = () =>
  new Promise((resolve) => {
    for (const socket of hungSockets) socket.destroy();
    hung.close(() => resolve());
  });

let server = null;
let output = "";
function startApp() {
  server = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(APP_PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl.href,
      APP_URL: `http://127.0.0.1:${APP_PORT}`,
      SESSION_SECRET: "mail-outage-bench-secret-0123456789abcdef",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      CHECKOUT_ATTEMPTS_PER_HOUR: "1000",
      SANDBOX_PAYMENTS: "true",
      LOG_REQUESTS: "false",
      REDIS_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  return waitFor(
    () =>
      fetch(`http://127.0.0.1:${APP_PORT}/healthz`).then(
        (response) => response.ok,
        () => false,
      ),
    60_000,
    "the app to start",
  );
}

async function waitFor(check, timeoutMs, what) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let slot = 0;
/** A visitor books a car in Tunis for a week of their own (pay at pick-up); returns the post's latency in ms. */
async function book() {
  slot += 1;
  const day = (offset) =>
    new Date(Date.UTC(new Date().getUTCFullYear() + 2, 0, 1 + slot * 4 + offset)).toISOString().slice(0, 10);
  const from = `${day(0)}T10:00`;
  const to = `${day(2)}T10:00`;
  const base = `http://127.0.0.1:${APP_PORT}`;
  const results = await (
    await fetch(`${base}/search?pickup=tunis&same=on&supplier=carthage-cars&from=${from}&to=${to}`)
  ).text();
  const href = /href="(\/checkout\?[^"]+)"/.exec(results)?.[1]?.replaceAll("&amp;", "&");
  if (!href) throw new Error("no car offered in Tunis");
  const link = new URL(href, base).searchParams;
  const page = await (await fetch(`${base}${href}`)).text();
  const shown = (field) => new RegExp(`name="${field}" value="([^"]*)"`).exec(page)?.[1] ?? "";
  const email = `mail-${slot}-${name}@example.com`;
  const body = new URLSearchParams({
    ...Object.fromEntries(["car", "pickup", "dropoff"].map((key) => [key, link.get(key)])),
    from,
    to,
    intent: "book",
    paymentMode: "payLater",
    fullName: `Mail Driver ${slot}`,
    email,
    phone: "+33 6 12 34 56 78",
    birthDate: "1990-01-01",
    acceptTerms: "on",
    shownTotal: shown("shownTotal"),
    shownDeposit: shown("shownDeposit"),
    shownCurrency: shown("shownCurrency"),
  });
  const started = performance.now();
  const response = await fetch(`${base}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body,
  });
  const latency = performance.now() - started;
  if (response.status !== 302)
    throw new Error(
      `booking ${slot} answered ${response.status}: ${(await response.text()).replace(/<[^>]+>/g, " ").match(/There is a problem.{0,300}/)?.[0]}`,
    );
  return { latency, email };
}

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const summary = (values) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;
const pendingMail = async () =>
  (await database.query("select count(*)::int as n from outbox_mails where status <> 'sent'")).rows[0].n;

async function stop(code) {
  server?.kill("SIGKILL");
  await smtpDown();
  await database.end().catch(() => undefined);
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end();
  process.exit(code);
}

try {
  await smtpUp();
  await startApp();
  await database.connect();
  const up = [];
  for (let index = 0; index < 10; index++) up.push((await book()).latency);
  console.log(`mail-outage: SMTP up, 10 bookings: ${summary(up)}`);

  await smtpDown();
  const outageStarted = Date.now();
  const down = [];
  for (let index = 0; index < 20; index++) {
    down.push((await book()).latency);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, outageStarted + ((index + 1) * OUTAGE_SECONDS * 1000) / 20 - Date.now())),
    );
  }
  console.log(
    `mail-outage: SMTP refusing for ${Math.round((Date.now() - outageStarted) / 1000)} s, 20 bookings: ${summary(down)}; mails waiting: ${await pendingMail()}`,
  );

  await smtpHung();
  const hanging = [];
  for (let index = 0; index < 10; index++) hanging.push((await book()).latency);
  console.log(`mail-outage: SMTP accepting and never answering, 10 bookings: ${summary(hanging)}`);
  await smtpUnhung();

  const back = Date.now();
  await smtpUp();
  await waitFor(async () => (await pendingMail()) === 0, 15 * 60_000, "the outbox to drain");
  const drained = Math.round((Date.now() - back) / 1000);
  const { rows: queued } = await database.query("select message_id, attempts from outbox_mails");
  const counts = new Map();
  for (const mail of received) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
  const missing = queued.filter((row) => !counts.has(row.message_id)).length;
  const twice = [...counts.values()].filter((count) => count > 1).length;
  const retried = queued.filter((row) => row.attempts > 1).length;
  console.log(
    `mail-outage: SMTP back, outbox empty after ${drained} s: ${queued.length} mails queued (${retried} needed retries), ${counts.size} distinct Message-IDs received, ${missing} missing, ${twice} received more than once`,
  );

  await smtpDown();
  const killed = [];
  for (let index = 0; index < 10; index++) killed.push((await book()).email);
  server.kill("SIGKILL");
  await new Promise((resolve) => server.once("exit", resolve));
  await smtpUp();
  const restarted = Date.now();
  await startApp();
  await waitFor(async () => (await pendingMail()) === 0, 15 * 60_000, "the outbox to drain after kill -9");
  const lacking = killed.filter((email) => !received.some((mail) => mail.to.includes(email)));
  console.log(
    `mail-outage: kill -9 after 10 bookings with SMTP down, restarted with SMTP up: ${10 - lacking.length} of 10 drivers got their mail within ${Math.round((Date.now() - restarted) / 1000)} s`,
  );

  const ok =
    missing === 0 &&
    twice === 0 &&
    lacking.length === 0 &&
    percentile(down, 95) < percentile(up, 95) + 1000 &&
    percentile(hanging, 95) < percentile(up, 95) + 1000;
  console.log(ok ? "mail-outage: passed" : "mail-outage: FAILED");
  await stop(ok ? 0 : 1);
} catch (error) {
  console.error(error);
  console.error(output.slice(-3000));
  await stop(1);
}
