/**
 * A supplier keeps the desks it runs (decision 048): its owner saves a desk's hours and address, audited on its own
 * trail and in the storefront at once; the page lists the supplier's own bookings the new hours leave outside; a
 * manager, another supplier and a bad week are refused and change nothing; an admin gives a desk to suppliers only.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "#db/schema";
import { catalogOf } from "~/models/catalogue/catalog.server";
import { savePlace } from "~/models/catalogue/place-admin.server";
import { placeFormSchema } from "~/models/catalogue/place-form";
import { formPost, routeArgs, routeOutcome, sessionCookieFor, useAppDatabase } from "../../tests/support/app-test";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../tests/support/fixtures";
import { loader as desksLoader } from "./manage.desks/route";
import { action as deskAction, loader as deskLoader } from "./manage.desks_.$placeId/route";

await vi.hoisted(async () => (await import("../../tests/support/app-test")).configureOutbox("supplier-desks"));

const ORIGIN = "http://localhost";

/** Monday to Sunday 08:00–12:00 (Tunis), as the form posts it. */
const MORNINGS = Object.fromEntries([
  ["hasHours", "on"],
  ["deskKind", "cityOffice"],
  ["address", "1 Avenue de Carthage, Tunis"],
  ["phone", "+216 71 000 000"],
  ...[0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
    [`day${day}Opens`, "08:00"],
    [`day${day}Closes`, "12:00"],
  ]),
]) as Record<string, string>;

describe("a supplier's own desks", () => {
  const app = useAppDatabase();
  let catalogue: MinimalCatalogue;
  let other: MinimalCatalogue;
  const cookies = {} as Record<"owner" | "manager" | "otherOwner" | "admin", string>;
  let ownBooking: string;
  let otherBooking: string;
  let adminId: string;

  const deskPath = () => `/manage/desks/${catalogue.location.id}`;
  const params = () => ({ placeId: catalogue.location.id });
  const getDesk = (who: keyof typeof cookies) =>
    routeOutcome(() =>
      deskLoader({
        ...routeArgs(new Request(`${ORIGIN}${deskPath()}`, { headers: { Cookie: cookies[who] } })),
        params: params(),
      }),
    );
  const postDesk = (who: keyof typeof cookies, fields: Record<string, string>) =>
    routeOutcome(() =>
      deskAction({ ...routeArgs(formPost(`${ORIGIN}${deskPath()}`, fields, cookies[who])), params: params() }),
    );
  const placeRow = async () =>
    (await app.database.db.select().from(schema.locations).where(eq(schema.locations.id, catalogue.location.id)))[0];

  beforeAll(async () => {
    const db = app.database.db;
    catalogue = await insertMinimalCatalogue(db);
    other = await insertMinimalCatalogue(db);
    await db
      .update(schema.locations)
      .set({ deskSupplierId: catalogue.supplier.id })
      .where(eq(schema.locations.id, catalogue.location.id));
    const [manager, admin] = await db
      .insert(schema.users)
      .values([
        { role: "staff", email: `desk-manager-${Date.now()}@example.com`, fullName: "Manager", verified: true },
        { role: "admin", email: `desk-admin-${Date.now()}@example.com`, fullName: "Admin", verified: true },
      ])
      .returning();
    await db
      .insert(schema.supplierStaff)
      .values({ userId: manager!.id, supplierId: catalogue.supplier.id, role: "manager", invitedBy: "Owner" });
    cookies.owner = await sessionCookieFor(catalogue.supplier.id);
    cookies.manager = await sessionCookieFor(manager!.id);
    cookies.otherOwner = await sessionCookieFor(other.supplier.id);
    cookies.admin = await sessionCookieFor(admin!.id);
    adminId = admin!.id;
    // 16:00 in Tunis: outside mornings. One of this supplier's, one of another supplier's at the same place.
    const [own] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-07-01T15:00:00Z", "2031-07-04T09:00:00Z", "paid"))
      .returning();
    const [theirs] = await db
      .insert(schema.bookings)
      .values({
        ...bookingValues(other, "2031-07-08T15:00:00Z", "2031-07-10T09:00:00Z", "paid"),
        pickupLocationId: catalogue.location.id,
        dropoffLocationId: catalogue.location.id,
      })
      .returning();
    ownBooking = own!.id;
    otherBooking = theirs!.id;
  });

  it("lets the owner keep the desk's hours, audited on its trail and in the storefront at once", async () => {
    // Read once before, so the storefront's count is cached: the save must recount it.
    await catalogOf(app.database.db).places("en");
    const list = await routeOutcome(() =>
      desksLoader(routeArgs(new Request(`${ORIGIN}/manage/desks`, { headers: { Cookie: cookies.owner } }))),
    );
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain(catalogue.location.id);
    expect(JSON.stringify(list.body)).not.toContain(other.location.id);

    const saved = await postDesk("owner", MORNINGS);
    expect(saved).toMatchObject({ status: 302, location: deskPath() });
    const row = await placeRow();
    expect(row).toMatchObject({ address: "1 Avenue de Carthage, Tunis", deskKind: "cityOffice" });
    expect(row!.openingHours).toEqual(Array.from({ length: 7 }, () => ["08:00", "12:00"]));
    const [audited] = await app.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.recordId, catalogue.location.id), eq(schema.auditLog.record, "location")));
    expect(audited).toMatchObject({ supplierId: catalogue.supplier.id, actorId: catalogue.supplier.id });
    const places = await catalogOf(app.database.db).places("en");
    expect(places.find((place) => place.id === catalogue.location.id)?.desk?.hours).toEqual(row!.openingHours);

    // The page lists the supplier's own booking the mornings leave outside, never another supplier's.
    const page = (await getDesk("owner")).body as { outside: Array<{ id: string }>; trail: unknown[] };
    // Collected at 16:00 (outside), returned at 10:00 (inside): the pick-up only.
    expect(page.outside.map((booking) => booking.id)).toEqual([ownBooking]);
    expect(page.trail).toHaveLength(1);
    const adminPage = (await getDesk("admin")).body as { outside: Array<{ id: string }> };
    expect(new Set(adminPage.outside.map((booking) => booking.id))).toEqual(new Set([ownBooking, otherBooking]));
  });

  it("refuses a manager, another supplier and a bad week, changing nothing", async () => {
    const before = await placeRow();
    expect((await getDesk("manager")).status).toBe(403);
    expect((await postDesk("manager", { ...MORNINGS, address: "Manager's" })).status).toBe(403);
    expect((await getDesk("otherOwner")).status).toBe(404);
    expect((await postDesk("otherOwner", { ...MORNINGS, address: "Taken over" })).status).toBe(404);
    const refused = await postDesk("owner", { ...MORNINGS, day0Opens: "25:00", day1Closes: "07:00" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("manage:validation.time");
    expect(JSON.stringify(refused.body)).toContain("manage:validation.timeOrder");
    expect(await placeRow()).toEqual(before);
    // A place whose desk the platform keeps is nobody's desk page.
    const platformDesk = await routeOutcome(() =>
      deskLoader({
        ...routeArgs(
          new Request(`${ORIGIN}/manage/desks/${other.location.id}`, { headers: { Cookie: cookies.otherOwner } }),
        ),
        params: { placeId: other.location.id },
      }),
    );
    expect(platformDesk.status).toBe(404);
  });

  it("lets an admin give a desk to a supplier's account only", async () => {
    const form = placeFormSchema.parse({
      slug: catalogue.location.slug,
      countryId: catalogue.location.countryId,
      nameEn: "Tunis",
      nameFr: "Tunis",
      nameEs: "Túnez",
      latitude: "36.8065",
      longitude: "10.1815",
      timeZone: "Africa/Tunis",
      deskSupplierId: catalogue.driver.id,
    });
    const actor = { id: adminId, role: "admin" as const, fullName: "Admin" };
    const refused = await savePlace(app.database.db, actor, { placeId: catalogue.location.id, form });
    expect(refused).toMatchObject({ ok: false, field: "deskSupplierId" });
    expect((await placeRow())!.deskSupplierId).toBe(catalogue.supplier.id);
    const given = await savePlace(app.database.db, actor, {
      placeId: catalogue.location.id,
      form: { ...form, deskSupplierId: other.supplier.id },
    });
    expect(given).toMatchObject({ ok: true });
    expect((await placeRow())!.deskSupplierId).toBe(other.supplier.id);
    // The former runner's page now answers as a missing one; the new runner's lists it.
    expect((await getDesk("owner")).status).toBe(404);
    expect((await getDesk("otherOwner")).status).toBe(200);
  });
});
