// Proof that no two app instances can book one car twice: starts two servers (the production build) on one fresh
// PostgreSQL database, then sends 50 simultaneous checkouts of the same car and period, alternating between them,
// each from a different visitor. Exactly one must succeed; the others must be told the car is no longer available.
// Usage: node scripts/checks/two-instances-one-car.mjs [postgres admin URL]   (default: TEST_DATABASE_URL)
// Without a PostgreSQL server it says so and exits 0 (the embedded database serves one instance only).
// It only talks to 127.0.0.1 and stops its servers by itself.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { freePort, serverStartMs } from "../../tests/support/free-port.mjs";

const adminUrl = process.argv[2] ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.log(
    "two-instances: no PostgreSQL URL (TEST_DATABASE_URL); skipped — the embedded database serves one instance only",
  );
  process.exit(0);
}
const ATTEMPTS = 50;
const PORTS = [await freePort(), await freePort()];
const name = `rentacar_instances_${randomBytes(5).toString("hex")}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${name}`;

const servers = PORTS.map((port) =>
  spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl.href,
      APP_URL: `http://127.0.0.1:${PORTS[0]}`,
      SESSION_SECRET: "two-instances-shared-secret-0123456789abcdef",
      SANDBOX_PAYMENTS: "true",
      // Each attempt comes from its own address (X-Forwarded-For), as 50 drivers would: no rate limit interferes.
      TRUST_PROXY: "true",
      LOG_REQUESTS: "false",
      OUTBOX_DIR: `.instances-outbox/${name}`,
      REDIS_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  }),
);
let output = "";
for (const server of servers) {
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
}

async function stop(code) {
  for (const server of servers) server.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end();
  process.exit(code);
}

try {
  const started = performance.now();
  const deadline = Date.now() + serverStartMs();
  for (const port of PORTS) {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`instance on ${port} did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  console.log(
    `two-instances: both instances answer (${Math.round(performance.now() - started)} ms, one database ${name})`,
  );

  // The cheapest car in Tunis, three days ahead by some months.
  const day = (offset) => new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 1 + offset)).toISOString().slice(0, 10);
  const from = `${day(0)}T10:00`;
  const to = `${day(3)}T10:00`;
  const results = await (
    await fetch(`http://127.0.0.1:${PORTS[0]}/search?pickup=tunis&same=on&from=${from}&to=${to}`)
  ).text();
  const href = /href="(\/checkout\?[^"]+)"/.exec(results)?.[1]?.replaceAll("&amp;", "&");
  if (!href) throw new Error("no car offered in Tunis");
  const link = new URL(href, "http://127.0.0.1").searchParams;
  const page = await (await fetch(`http://127.0.0.1:${PORTS[1]}${href}`)).text();
  const shownTotal = /name="shownTotal" value="(\d+)"/.exec(page)?.[1];
  const shownDeposit = /name="shownDeposit" value="(\d+)"/.exec(page)?.[1];
  if (!shownTotal || !shownDeposit) throw new Error("no total on the checkout page");

  const attempts = Array.from({ length: ATTEMPTS }, (_, index) => {
    const port = PORTS[index % 2];
    const body = new URLSearchParams({
      car: link.get("car"),
      pickup: link.get("pickup"),
      dropoff: link.get("dropoff"),
      from,
      to,
      intent: "book",
      paymentMode: "payLater",
      fullName: `Racer ${index}`,
      email: `racer-${index}-${name}@example.com`,
      phone: "+33 6 12 34 56 78",
      birthDate: "1990-01-01",
      acceptTerms: "on",
      shownTotal,
      shownDeposit,
      shownCurrency: "USD",
    });
    return fetch(`http://127.0.0.1:${port}/checkout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: `http://127.0.0.1:${port}`,
        "X-Forwarded-For": `198.51.100.${index + 1}`,
      },
      body,
    }).then(async (response) => ({
      port,
      status: response.status,
      text: response.status === 302 ? "" : await response.text(),
    }));
  });
  const sent = performance.now();
  const answers = await Promise.all(attempts);
  const elapsed = Math.round(performance.now() - sent);
  const booked = answers.filter((answer) => answer.status === 302);
  const refused = answers.filter((answer) => answer.status === 409 && answer.text.includes("no longer available"));
  const database = new pg.Client({ connectionString: databaseUrl.href });
  await database.connect();
  const { rows } = await database.query(
    "select count(*)::int as bookings, count(distinct driver_id)::int as drivers from bookings where car_id = $1 and status <> 'cancelled'",
    [link.get("car")],
  );
  const { rows: accounts } = await database.query("select count(*)::int as n from users where email like 'racer-%'");
  await database.end();
  console.log(
    `two-instances: ${ATTEMPTS} simultaneous checkouts in ${elapsed} ms → ${booked.length} booked (instance ${booked.map((answer) => answer.port).join(", ")}), ` +
      `${refused.length} told 'no longer available', ${ATTEMPTS - booked.length - refused.length} other; bookings of the car in the database: ${rows[0].bookings}; racer accounts: ${accounts[0].n}`,
  );
  const ok = booked.length === 1 && refused.length === ATTEMPTS - 1 && rows[0].bookings === 1 && accounts[0].n === 1;
  console.log(ok ? "two-instances: 1 passed, 0 failed" : "two-instances: 0 passed, 1 failed");
  await stop(ok ? 0 : 1);
} catch (error) {
  console.error(error);
  console.error(output.slice(-3000));
  await stop(1);
}
