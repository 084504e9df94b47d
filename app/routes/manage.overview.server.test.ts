/**
 * The operators' first page (decision 045) through its loader: an owner sees its own business, an admin every
 * supplier's or the one it names, a desk agent is sent to the desk's day (no revenue for the counter).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "#db/schema";
import { routeArgs, routeOutcome, sessionCookieFor, useAppDatabase } from "../../tests/support/app-test";
import {
  bookingValues,
  insertMinimalCatalogue,
  insertTeamMember,
  type MinimalCatalogue,
} from "../../tests/support/fixtures";
import { loader } from "./manage._index/route";

await vi.hoisted(async () => (await import("../../tests/support/app-test")).configureOutbox("overview"));

const get = (path: string, cookie: string) =>
  routeOutcome(() => loader(routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }))));

describe("the business at a glance", () => {
  const app = useAppDatabase();
  let catalogue: MinimalCatalogue;
  let other: MinimalCatalogue;

  beforeAll(async () => {
    const db = app.database.db;
    catalogue = await insertMinimalCatalogue(db);
    other = await insertMinimalCatalogue(db);
    const soon = Date.now() + 3_600_000;
    await db.insert(schema.bookings).values([
      {
        ...bookingValues(catalogue, new Date(soon).toISOString(), new Date(soon + 86_400_000).toISOString()),
        totalPrice: 7000,
      },
      {
        ...bookingValues(other, new Date(soon).toISOString(), new Date(soon + 86_400_000).toISOString()),
        totalPrice: 9000,
      },
    ]);
  });

  it("shows an owner its own business only, whatever supplier it names", async () => {
    const owner = await sessionCookieFor(catalogue.supplier.id);
    const page = await get(`/manage?supplier=${other.supplier.id}`, owner);
    expect(page.status).toBe(200);
    const body = page.body as { weeks: { rows: Array<{ total: number }> }; filters: { suppliers: unknown } };
    expect(body.weeks.rows.reduce((sum, week) => sum + week.total, 0)).toBe(1);
    expect(body.filters.suppliers).toBeNull();
    expect(JSON.stringify(page.body)).toContain('"$70"');
    expect(JSON.stringify(page.body)).not.toContain("$90");
  });

  it("shows an admin every supplier's business, or the one it names", async () => {
    const [admin] = await app.database.db
      .insert(schema.users)
      .values({ role: "admin", email: "overview-admin@example.com", fullName: "Admin", verified: true })
      .returning();
    const cookie = await sessionCookieFor(admin?.id ?? "");
    const total = (body: unknown) =>
      (body as { weeks: { rows: Array<{ total: number }> } }).weeks.rows.reduce((sum, week) => sum + week.total, 0);
    expect(total((await get("/manage", cookie)).body)).toBeGreaterThanOrEqual(2);
    expect(total((await get(`/manage?supplier=${other.supplier.id}`, cookie)).body)).toBe(1);
  });

  it("sends a desk agent to the desk's day", async () => {
    const member = await insertTeamMember(app.database.db, catalogue.supplier.id, "desk");
    const desk = await get("/manage", await sessionCookieFor(member));
    expect(desk).toMatchObject({ status: 302, location: "/manage/cars" });
  });
});
