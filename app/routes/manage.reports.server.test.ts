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
import { loader as zipLoader } from "./manage.reports_.documents[.zip]";
import { strFromU8, unzipSync } from "fflate";
import { issueCreditNote, issueSaleDocument } from "~/models/documents/business-documents.server";
import { documentNumber } from "~/models/documents/document-lines";
import { ZIP_DOCUMENT_CAP } from "~/models/documents/documents-report.server";
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

  const adminCookie = async (email: string) => {
    const [admin] = await app.database.db
      .insert(schema.users)
      .values({ role: "admin", email, fullName: "Admin", verified: true })
      .returning();
    return sessionCookieFor(admin?.id ?? "");
  };

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
    const cookie = await adminCookie("reports-admin@example.com");
    const all = (await get("/manage/reports?report=revenueByCar", cookie)).body as ReportPage;
    expect(all.table.columns.map((column) => column.key)).toContain("supplier");
    expect(all.table.total).toBeGreaterThanOrEqual(2);
    const named = (await get(`/manage/reports?report=revenueByMonth&supplier=${other.supplier.id}`, cookie))
      .body as ReportPage;
    expect(named.table.totals?.[0]?.[3]).toBe("$90");
  });

  it("pages revenue per place in name order, each page its own places and the whole scope's totals", async () => {
    const cookie = await adminCookie("places-admin@example.com");
    const { id: _id, ...place } = catalogue.location;
    await app.database.db.insert(schema.locations).values(
      Array.from({ length: 120 }, (_, index) => ({
        ...place,
        slug: `${place.slug}-${index}`,
        nameEn: `Place ${String(index).padStart(3, "0")}`,
      })),
    );
    const pageOf = async (page: number) =>
      (await get(`/manage/reports?report=revenueByPlace&page=${page}`, cookie)).body as ReportPage;
    const [first, second] = [await pageOf(1), await pageOf(2)];
    const places = (report: ReportPage) => report.table.rows.map((row) => row.cells[0]?.text ?? "");
    expect(first.table.total).toBeGreaterThanOrEqual(122);
    expect(first.table.rows).toHaveLength(100);
    expect(second.table.rows).toHaveLength(first.table.total - 100);
    const names = [...places(first), ...places(second)];
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Two places named "Tunis" (each supplier's own), every other place once.
    expect(new Set(names).size).toBe(names.length - 1);
    // Both suppliers' bookings were picked up at a "Tunis" of their own: $70 and $90 on one page, $160 on both.
    expect(second.table.totals).toEqual(first.table.totals);
    expect(first.table.totals?.[0]?.[3]).toBe("$160");
    // The CSV holds every place.
    const response = await exportLoader(routeArgs(request("/manage/reports/export?report=revenueByPlace", cookie)));
    expect((await response.text()).trimEnd().split("\r\n")).toHaveLength(first.table.total + 2);
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

  it("lists the period's invoices and credit notes, and hands them to the accountant as PDFs in one ZIP", async () => {
    const db = app.database.db;
    const [sold, elsewhere] = await db
      .insert(schema.bookings)
      .values([
        { ...bookingValues(catalogue, day(-9), day(-8)), status: "paid", totalPrice: 5000 },
        { ...bookingValues(other, day(-9), day(-8)), status: "paid", totalPrice: 6000 },
      ])
      .returning();
    const invoice = await issueSaleDocument(db, sold!.id, new Date());
    await issueSaleDocument(db, elsewhere!.id, new Date());
    const note = await db.transaction((tx) =>
      issueCreditNote(
        tx,
        { bookingId: sold!.id, refundKey: `refund-zip-${sold!.id}`, amount: 1_000, currency: "USD", reason: "changed" },
        new Date(),
      ),
    );
    const page = await get("/manage/reports?report=documents", owner);
    const body = page.body as ReportPage & { zip: { href: string } };
    // Its own two documents only, the credit note as a negative amount; net per currency under them.
    expect(body.table.rows.map((row) => row.cells[1]?.text)).toEqual(["RCT-000001", "CRN-000001"]);
    expect(body.table.rows.map((row) => row.cells[4]?.text)).toEqual([
      expect.stringMatching(/^\$/),
      expect.stringMatching(/^-\$10(\.00)?$/),
    ]);
    expect(body.table.rows[0]?.cells[2]?.to).toBe(`/manage/bookings/${sold!.id}`);
    expect(body.zip).toEqual({ href: "/manage/reports/documents.zip?report=documents" });

    const response = (await zipLoader(routeArgs(request(body.zip.href, owner)))) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["CRN-000001.pdf", "RCT-000001.pdf", "documents.csv"]);
    expect(strFromU8(files["RCT-000001.pdf"]!.slice(0, 5))).toBe("%PDF-");
    // Each PDF is kept as first drawn: the next ZIP (or download) reads it, never redraws it.
    const [kept] = await db
      .select({ pdf: schema.businessDocuments.pdf })
      .from(schema.businessDocuments)
      .where(eq(schema.businessDocuments.id, invoice.id));
    expect(kept?.pdf).toEqual(files["RCT-000001.pdf"]);
    const index = strFromU8(files["documents.csv"]!).trimEnd().split("\r\n");
    expect(index).toHaveLength(1 + 2 + 1);
    expect(index[1]).toContain(documentNumber(invoice.series, invoice.number));
    expect(index[2]).toContain(`${documentNumber("creditNote", note!.number)},`);

    // An admin's holds every supplier's, in a folder each (numbers are per supplier).
    const [admin] = await db
      .insert(schema.users)
      .values({ role: "admin", email: "documents-admin@example.com", fullName: "Admin", verified: true })
      .returning();
    const adminZip = (await zipLoader(
      routeArgs(request("/manage/reports/documents.zip", await sessionCookieFor(admin!.id))),
    )) as Response;
    const names = Object.keys(unzipSync(new Uint8Array(await adminZip.arrayBuffer())));
    expect(names.filter((name) => name.endsWith(".pdf"))).toHaveLength(3);
    expect(new Set(names.filter((name) => name.includes("/")).map((name) => name.split("/")[0])).size).toBe(2);

    // Over the ZIP's cap (counted from the day totals): back to the report, which says to ask a shorter period.
    await db
      .update(schema.documentDayTotals)
      .set({ documents: ZIP_DOCUMENT_CAP + 1 })
      .where(eq(schema.documentDayTotals.supplierId, catalogue.supplier.id));
    const refused = await routeOutcome(() => zipLoader(routeArgs(request(body.zip.href, owner))));
    expect(refused.status).toBe(303);
    expect(refused.location).toBe("/manage/reports?report=documents");
    const capped = (await get("/manage/reports?report=documents", owner)).body as { zip: { problem?: string } };
    expect(capped.zip.problem).toMatch(/at most 1,?000 documents/);
  });
});
