/**
 * The business's figures (decisions 045 and 046) at the size `npm run bench:data` makes: the overview and each report
 * for the supplier with the most cars and for an admin (every supplier), over the next 30 days and over a year; and
 * each report's whole CSV rows for the supplier's next 30 days (the generated bookings are to come). p50 and p95 of
 * BENCH_RUNS runs each, the cases interleaved. Issue 52 asks each at most twice its cost on a demo-sized database:
 * with DEMO_DATABASE_URL, the same cases run on both databases in one run, interleaved, and each one's ratio is printed.
 * Usage: DATABASE_URL=postgres://…/bench DEMO_DATABASE_URL=postgres://…/demo npx tsx bench/overview-reports.ts
 *        (DATABASE_URL unset: PGlite in ./data/bench-pglite; DEMO_DATABASE_URL unset: that database alone)
 */
import { sql } from "drizzle-orm";
import { deskCounts, deskCountsCounted } from "~/models/overview/desk-counts.server";
import { idleCars, idleCarsCounted } from "~/models/overview/idle-cars.server";
import { businessOverview } from "~/models/overview/overview.server";
import { topEarners, topEarnersCounted } from "~/models/overview/top-earners.server";
import { periodOf } from "~/models/overview/report-period";
import { reportTable } from "~/models/overview/report-tables.server";
import {
  CSV_ROW_CAP,
  REPORT_PAGE_SIZE,
  REPORTS,
  utilisationByCategoryCounted,
  type ReportName,
} from "~/models/overview/reports.server";
import { documentsZip } from "~/models/documents/documents-report.server";
import { openBenchDatabase, printSideBySide, printTimedCases } from "./bench-support";

const runs = Number(process.env.BENCH_RUNS ?? 10);
// The generated bookings start from tomorrow over 100 days (generate-data.ts): the periods measured cover them.
const now = new Date();
const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const month = periodOf(day(1), day(30));
const year = periodOf(day(-264), day(100));
const ninetyDaysAhead = { from: now, to: new Date(now.getTime() + 90 * 86_400_000) };
const lastNinetyDays = { from: new Date(now.getTime() - 90 * 86_400_000), to: now };
const everyone = { supplierId: null, placeId: null };

/** Opens one database and names its cases, for its largest supplier. */
async function casesOn(databaseUrl: string | undefined) {
  const { handle, db, rows, largestSupplier: supplier } = await openBenchDatabase(databaseUrl);
  const [counts] = await rows<{ cars: number; bookings: number; events: number }>(
    sql`select (select count(*)::int from cars) as cars, (select count(*)::int from bookings) as bookings,
        (select count(*)::int from payment_events) as events`,
  );
  console.log(
    `${handle.engine}: ${counts?.cars} cars, ${counts?.bookings} bookings, ${counts?.events} payment events; ` +
      `the largest supplier has ${supplier.n} cars`,
  );
  // The kept earnings and the desk's days as a running beat leaves them: as of now (migrations 0050 and 0052).
  await db.execute(sql`select car_earnings_recount()`);
  await db.execute(sql`select desk_zone_days_recount()`);
  const ownScope = { supplierId: supplier.id, placeId: null };
  const report =
    (name: ReportName, scope: typeof ownScope | typeof everyone, period = month, whole = false) =>
    () =>
      reportTable(db, {
        name,
        scope,
        period,
        slice: { offset: 0, limit: whole ? CSV_ROW_CAP : REPORT_PAGE_SIZE },
        language: "en",
        admin: scope.supplierId === null,
      });

  const cases: Array<[string, () => Promise<unknown>]> = [
    ["overview, the supplier", () => businessOverview(db, ownScope, now)],
    ["overview, an admin", () => businessOverview(db, everyone, now)],
    // The cars idle longest (migration 0045): walked by their kept floors, against counting every offered car.
    ["idle cars, the supplier", () => idleCars(db, ownScope, now)],
    ["idle cars, an admin", () => idleCars(db, everyone, now)],
    ["idle cars counted from every car, the supplier", () => idleCarsCounted(db, ownScope, now)],
    ["idle cars counted from every car, an admin", () => idleCarsCounted(db, everyone, now)],
    // The desk's today and tomorrow (migration 0046): kept per quarter hour, against counting every booking.
    ["desk today, the supplier", () => deskCounts(db, ownScope, now)],
    ["desk today, an admin", () => deskCounts(db, everyone, now)],
    ["desk today counted from every booking, the supplier", () => deskCountsCounted(db, ownScope, now)],
    ["desk today counted from every booking, an admin", () => deskCountsCounted(db, everyone, now)],
    // Utilisation per category (migration 0048): kept per category and day, against counting every car.
    [
      "utilisationByCategory counted from every car, the supplier",
      () => utilisationByCategoryCounted(db, ownScope, month),
    ],
    ["utilisationByCategory counted from every car, an admin", () => utilisationByCategoryCounted(db, everyone, month)],
    // A period asked on the overview's form: every chart and figure over it (decision 045, amended).
    ["overview, the supplier, 30 days", () => businessOverview(db, ownScope, now, month)],
    ["overview, the supplier, a year", () => businessOverview(db, ownScope, now, year)],
    ["overview, an admin, a year", () => businessOverview(db, everyone, now, year)],
    ...REPORTS.map((name): [string, () => Promise<unknown>] => [
      `${name}, the supplier, 30 days`,
      report(name, ownScope),
    ]),
    ...REPORTS.map((name): [string, () => Promise<unknown>] => [
      `${name}, the supplier, a year`,
      report(name, ownScope, year),
    ]),
    ...REPORTS.map((name): [string, () => Promise<unknown>] => [`${name}, an admin, 30 days`, report(name, everyone)]),
    ...REPORTS.map((name): [string, () => Promise<unknown>] => [
      `${name}, the supplier, 30 days, CSV`,
      report(name, ownScope, month, true),
    ]),
    // The accountant's ZIP of the supplier's month (decision 049): over its cap at this size, refused from the count.
    [
      "documents ZIP, the supplier, 30 days",
      () => documentsZip(db, ownScope, month, { index: async () => "", admin: false }),
    ],
  ];
  // The top earners over 90 days that hold bookings (the generated ones start tomorrow, so the overview's own window,
  // the last 90 days, is empty here), measured with the kept earnings as a running beat would leave them at the end of
  // those days: kept (migration 0050) and counted from every booking. And the overview's own top earners then, as a
  // reader would meet them with the beat 90 days behind: every car with a booking in between counted again.
  const aheadCases: Array<[string, () => Promise<unknown>]> = [
    ["top earners over 90 days of bookings, the supplier", () => topEarners(db, ownScope, ninetyDaysAhead)],
    ["top earners over 90 days of bookings, an admin", () => topEarners(db, everyone, ninetyDaysAhead)],
    ["top earners counted, the supplier", () => topEarnersCounted(db, ownScope, ninetyDaysAhead)],
    ["top earners counted, an admin", () => topEarnersCounted(db, everyone, ninetyDaysAhead)],
    ["top earners, the beat 90 days behind, the supplier", () => topEarners(db, ownScope, lastNinetyDays)],
    ["top earners, the beat 90 days behind, an admin", () => topEarners(db, everyone, lastNinetyDays)],
  ];
  return {
    cases,
    aheadCases,
    keepEarningsAsOf: (asOf: Date) => db.execute(sql`select car_earnings_recount(${asOf})`),
    // Counted as of now again once measured, where the next beat would have them.
    close: async () => {
      await db.execute(sql`select car_earnings_recount()`);
      await handle.close();
    },
  };
}

// BENCH_ONLY=documents: the cases whose name holds it.
const only = process.env.BENCH_ONLY;
const chosen = (cases: Array<[string, () => Promise<unknown>]>) =>
  only ? cases.filter(([name]) => name.includes(only)) : cases;
// DEMO_DATABASE_URL: the demo database beside the one at size, measured in the same run (issue 52: at most 2x).
const demoUrl = process.env.DEMO_DATABASE_URL;
const atSize = await casesOn(process.env.DATABASE_URL);
const demo = demoUrl ? await casesOn(demoUrl) : null;
const measure = (pick: (side: typeof atSize) => Array<[string, () => Promise<unknown>]>) =>
  demo ? printSideBySide(chosen(pick(demo)), chosen(pick(atSize)), runs) : printTimedCases(chosen(pick(atSize)), runs);
await measure((side) => side.cases);
for (const side of [atSize, demo]) await side?.keepEarningsAsOf(ninetyDaysAhead.to);
await measure((side) => side.aheadCases);
for (const side of [atSize, demo]) await side?.close();
