/**
 * The reports (decision 046) through their loaders: an owner's figures are its own whatever it names, an admin's are
 * every supplier's or the one it names, a desk agent has none; the CSV is the page's table, every row, with no cell a
 * spreadsheet would run; a period that cannot be read says so and shows the last 30 days.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "#db/schema";
import { routeArgs, routeOutcome, sessionCookieFor, useAppDatabase } from "../../tests/support/app-test";
import {
  bookingValues,
  insertMinimalCatalogue,
  insertTeamMember,
  type MinimalCatalogue,
} from "../../tests/support/fixtures";
import { loader as exportLoader } from "./manage.reports_.export";
import { loader } from "./manage.reports/route";

await vi.hoisted(async () => (await import("../../tests/support/app-test")).configureOutbox("reports"));

const request = (path: string, cookie: string) =>
  new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
const get = (path: string, cookie: string) => routeOutcome(() => loader(routeArgs(request(path, cookie))));

interface ReportPage {
  problem: string | null;
  period: { from: string; to: string };
  csv: string;
  table: {
    columns: Array<{ key: string; label: string }>;
    rows: Array<{ cells: Array<{ text: string; to?: string }> }>;
    totals?: string[][];
    total: number;
  };
}

describe("the business's reports", () => {
  const app = useAppDatabase();
  let catalogue: MinimalCatalogue;
  let other: MinimalCatalogue;
  let owner: string;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();

  beforeAll(async () => {
    const db = app.database.db;
    catalogue = await insertMinimalCatalogue(db);
    other = await insertMinimalCatalogue(db);
    // A name a spreadsheet would run as a formula, if written as it is.
    await db.update(schema.cars).set({ name: "=HYPERLINK(1)" }).where(eq(schema.cars.id, catalogue.car.id));
    await db.insert(schema.bookings).values([
      { ...bookingValues(catalogue, day(-5), day(-3)), status: "paid", totalPrice: 7000, days: 2 },
      { ...bookingValues(other, day(-5), day(-4)), status: "paid", totalPrice: 9000 },
    ]);
    owner = await sessionCookieFor(catalogue.supplier.id);
  });

  it("shows an owner its own revenue per car, whatever supplier it names, linked to the car", async () => {
    const page = await get(`/manage/reports?report=revenueByCar&supplier=${other.supplier.id}`, owner);
    expect(page.status).toBe(200);
    const body = page.body as ReportPage;
    expect(body.problem).toBeNull();
    expect(body.table.columns.map((column) => column.key)).toEqual([
      "car",
      "plate",
      "bookings",
      "days",
      "revenue",
      "tax",
    ]);
    expect(body.table.rows).toHaveLength(1);
    expect(body.table.rows[0]?.cells[0]).toEqual({ text: "=HYPERLINK(1)", to: `/manage/cars/${catalogue.car.id}` });
    expect(body.table.rows[0]?.cells[4]?.text).toBe("$70");
  });

  it("writes the same table as CSV, every text cell safe in a spreadsheet", async () => {
    const response = (await exportLoader(
      routeArgs(request("/manage/reports/export?report=revenueByCar", owner)),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="revenueByCar-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("car,plate,bookings,days,revenue,tax");
    expect(lines.slice(1)).toEqual([`'=HYPERLINK(1),${catalogue.car.licensePlate},1,2,70.00,0.00`]);
  });

  it("totals revenue per month, and shows an admin every supplier's or the one it names", async () => {
    const [admin] = await app.database.db
      .insert(schema.users)
      .values({ role: "admin", email: "reports-admin@example.com", fullName: "Admin", verified: true })
      .returning();
    const cookie = await sessionCookieFor(admin?.id ?? "");
    const all = (await get("/manage/reports?report=revenueByCar", cookie)).body as ReportPage;
    expect(all.table.columns.map((column) => column.key)).toContain("supplier");
    expect(all.table.total).toBeGreaterThanOrEqual(2);
    const named = (await get(`/manage/reports?report=revenueByMonth&supplier=${other.supplier.id}`, cookie))
      .body as ReportPage;
    expect(named.table.totals?.[0]?.[3]).toBe("$90");
  });

  it("says a period it cannot read, and shows the last 30 days instead", async () => {
    const page = (await get("/manage/reports?report=utilisationByCar&from=2026-05-02&to=2026-05-01", owner))
      .body as ReportPage;
    expect(page.problem).toBe("reversed");
    expect(page.period.to).toBe(new Date().toISOString().slice(0, 10));
    const booked = page.table.rows.find((row) => row.cells[1]?.text === catalogue.car.licensePlate);
    // Booked from five days ago to three days ago: three UTC days touched.
    expect(booked?.cells.map((cell) => cell.text).slice(3)).toEqual(["3", "0", "10%"]);
  });

  it("has no figures for a desk agent", async () => {
    const member = await insertTeamMember(app.database.db, catalogue.supplier.id, "desk");
    const cookie = await sessionCookieFor(member);
    expect((await get("/manage/reports", cookie)).status).toBe(403);
    const csv = await routeOutcome(() => exportLoader(routeArgs(request("/manage/reports/export", cookie))));
    expect(csv.status).toBe(403);
  });
});
