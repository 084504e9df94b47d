/**
 * Who reaches which booking and notification (decision 011): every action, GET and POST, single and bulk, tried as
 * the owner, another driver, a visitor, a supplier of another company, the car's own supplier and an admin. A refusal
 * answers like a missing row (404) or sends a visitor to sign in, and the database shows nothing changed.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "#db/schema";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../tests/support/fixtures";
import { routeArgs, routeOutcome, sessionCookieFor, useAppDatabase } from "../../tests/support/app-test";
import { loader as bookingLoader } from "./booking";
import { loader as calendarLoader } from "./booking[.ics]";
import { action as bookingsAction, loader as bookingsLoader } from "./bookings/route";
import { action as notificationsAction, loader as notificationsLoader } from "./notifications";
import { action as amendAction, loader as amendLoader } from "./booking_.amend/route";

await vi.hoisted(async () => (await import("../../tests/support/app-test")).configureOutbox("access-control"));

type Who = "owner" | "otherDriver" | "visitor" | "otherSupplier" | "carSupplier" | "admin";
const ORIGIN = "http://localhost";

const outcome = routeOutcome;

describe("access control on bookings and notifications", () => {
  const app = useAppDatabase();
  let catalogue: MinimalCatalogue;
  const cookies = {} as Record<Who, string>;
  const ids = {} as Record<string, string>;

  const get = (loader: (args: never) => Promise<unknown>, path: string, who: Who) =>
    outcome(() =>
      loader(
        routeArgs(new Request(`${ORIGIN}${path}`, { headers: cookies[who] ? { Cookie: cookies[who] } : {} })) as never,
      ),
    );
  const post = (action: (args: never) => Promise<unknown>, path: string, who: Who, fields: Array<[string, string]>) =>
    outcome(() =>
      action(
        routeArgs(
          new Request(`${ORIGIN}${path}`, {
            method: "POST",
            headers: { Origin: ORIGIN, ...(cookies[who] ? { Cookie: cookies[who] } : {}) },
            body: new URLSearchParams(fields),
          }),
        ) as never,
      ),
    );
  const booking = async (id: string) =>
    (await app.database.db.select().from(schema.bookings).where(eq(schema.bookings.id, id)))[0]!;

  beforeAll(async () => {
    const db = app.database.db;
    catalogue = await insertMinimalCatalogue(db);
    const other = await insertMinimalCatalogue(db);
    const [otherDriver] = await db
      .insert(schema.users)
      .values({ email: `other-${Date.now()}@example.com`, fullName: "Other Driver", verified: true })
      .returning();
    const [admin] = await db
      .insert(schema.users)
      .values({ role: "admin", email: `admin-${Date.now()}@example.com`, fullName: "Admin", verified: true })
      .returning();
    cookies.owner = await sessionCookieFor(catalogue.driver.id);
    cookies.otherDriver = await sessionCookieFor(otherDriver!.id);
    cookies.visitor = "";
    cookies.otherSupplier = await sessionCookieFor(other.supplier.id);
    cookies.carSupplier = await sessionCookieFor(catalogue.supplier.id);
    cookies.admin = await sessionCookieFor(admin!.id);
    const [upcoming, ended, othersEnded] = await db
      .insert(schema.bookings)
      .values([
        bookingValues(catalogue, "2031-03-01T10:00:00Z", "2031-03-04T10:00:00Z", "pending"),
        bookingValues(catalogue, "2020-03-01T10:00:00Z", "2020-03-04T10:00:00Z", "paid"),
        {
          ...bookingValues(catalogue, "2020-05-01T10:00:00Z", "2020-05-04T10:00:00Z", "paid"),
          driverId: otherDriver!.id,
        },
      ])
      .returning();
    ids.upcoming = upcoming!.id;
    ids.ended = ended!.id;
    ids.othersEnded = othersEnded!.id;
    const [otherCompany] = await db
      .insert(schema.bookings)
      .values(bookingValues(other, "2031-06-01T10:00:00Z", "2031-06-04T10:00:00Z", "pending"))
      .returning();
    ids.otherCompany = otherCompany!.id;
    const [amendable] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-09-01T10:00:00Z", "2031-09-03T10:00:00Z", "pending"))
      .returning();
    ids.amendable = amendable!.id;
    const [mine, theirs] = await db
      .insert(schema.notifications)
      .values([
        {
          userId: catalogue.driver.id,
          bookingId: upcoming!.id,
          messageKey: "notifications.newBooking",
          messageParams: { reference: "X", car: "Y" },
        },
        {
          userId: otherDriver!.id,
          messageKey: "notifications.newBooking",
          messageParams: { reference: "Z", car: "W" },
        },
      ])
      .returning();
    ids.myNotification = mine!.id;
    ids.theirNotification = theirs!.id;
  });

  it.each<[Who, number]>([
    ["owner", 200],
    ["otherDriver", 404],
    ["visitor", 302],
    ["otherSupplier", 404],
    ["carSupplier", 200],
    ["admin", 200],
  ])("GET /booking?b= as %s → %i", async (who, expected) => {
    const result = await get(bookingLoader, `/booking?b=${ids.upcoming}`, who);
    expect(result.status).toBe(expected);
    if (who === "visitor") expect(result.location).toMatch(/^\/sign-in\?redirectTo=/);
  });

  it.each<[Who, number]>([
    ["owner", 200],
    ["otherDriver", 404],
    ["visitor", 404],
    ["otherSupplier", 404],
    ["carSupplier", 200],
    ["admin", 200],
  ])("GET /booking.ics?b= as %s → %i", async (who, expected) => {
    expect((await get(calendarLoader, `/booking.ics?b=${ids.upcoming}`, who)).status).toBe(expected);
  });

  it.each<[Who, string[]]>([
    ["owner", ["upcoming", "ended"]],
    ["otherDriver", ["othersEnded"]],
    ["otherSupplier", []],
    ["carSupplier", ["upcoming", "ended", "othersEnded"]],
    ["admin", ["upcoming", "ended", "othersEnded"]],
  ])("GET /bookings as %s lists exactly its own scope", async (who, expected) => {
    const result = await get(bookingsLoader, "/bookings", who);
    const listed = (result.body as { list: { rows: Array<{ id: string }> } }).list.rows.map((row) => row.id);
    const ours = [ids.upcoming, ids.ended, ids.othersEnded];
    expect(listed.filter((id) => ours.includes(id)).sort()).toEqual(expected.map((name) => ids[name]).sort());
  });

  it.each<[Who, number]>([
    ["owner", 200],
    ["otherDriver", 404],
    ["visitor", 302],
    ["otherSupplier", 404],
    ["carSupplier", 404],
    ["admin", 404],
  ])("GET and POST /booking/amend as %s → %i, and only the owner's post changes the booking", async (who, expected) => {
    expect((await get(amendLoader, `/booking/amend?b=${ids.amendable}`, who)).status).toBe(expected);
    const before = await booking(ids.amendable!);
    const fields: Array<[string, string]> = [
      ["b", ids.amendable!],
      ["pickup", catalogue.location.slug],
      ["dropoff", catalogue.location.slug],
      ["from", "2031-09-01T11:00"],
      ["to", "2031-09-04T11:00"],
    ];
    // "Update total" (or Enter, with no button named) previews: nothing is saved, whoever posts it (decision 011).
    for (const intent of [[["intent", "preview"]], []] as Array<Array<[string, string]>>) {
      expect((await post(amendAction, "/booking/amend", who, [...fields, ...intent])).status).toBe(expected);
      expect(await booking(ids.amendable!)).toEqual(before);
    }
    const saved = await post(amendAction, "/booking/amend", who, [...fields, ["intent", "save"]]);
    expect(saved.status).toBe(who === "owner" ? 302 : expected);
    const after = await booking(ids.amendable!);
    if (who === "owner") expect(after.days).toBe(3);
    else expect(after).toEqual(before);
  });

  it("GET /bookings as a visitor asks to sign in", async () => {
    const result = await get(bookingsLoader, "/bookings", "visitor");
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/sign-in/);
  });

  it.each<[Who, number, boolean]>([
    ["otherDriver", 404, false],
    ["visitor", 302, false],
    ["otherSupplier", 404, false],
    ["carSupplier", 404, false],
    ["admin", 404, false],
    ["owner", 302, true],
  ])("POST a cancellation request (asked and confirmed) as %s → %i, changed: %s", async (who, expected, changes) => {
    const asked = await post(bookingsAction, "/bookings", who, [["row", `cancelRequest:${ids.upcoming}`]]);
    expect(asked.status).toBe(who === "owner" ? 200 : expected);
    const confirmed = await post(bookingsAction, "/bookings", who, [
      ["bulkAction", "cancelRequest"],
      ["id", ids.upcoming!],
      ["confirmed", "yes"],
      ["row", `cancelRequest:${ids.upcoming}`],
    ]);
    expect(confirmed.status).toBe(expected);
    // A pay-later booking is cancelled at once by its driver (decision 021); nobody else changes it.
    expect((await booking(ids.upcoming!)).status).toBe(changes ? "cancelled" : "pending");
    // The later tests need it upcoming again.
    await app.database.db
      .update(schema.bookings)
      .set({ status: "pending" })
      .where(eq(schema.bookings.id, ids.upcoming!));
  });

  it("a driver's bulk delete touches only their own bookings that no longer hold a car, whatever ids it mixes in", async () => {
    const result = await post(bookingsAction, "/bookings", "owner", [
      ["bulkAction", "delete"],
      ["id", ids.ended!],
      ["id", ids.othersEnded!],
      ["id", ids.upcoming!],
      ["confirmed", "yes"],
    ]);
    expect(result.status).toBe(302);
    expect((await booking(ids.ended!)).driverDeletedAt).not.toBeNull();
    // Someone else's booking, and the owner's own upcoming one (it still holds the car), are untouched.
    expect((await booking(ids.othersEnded!)).driverDeletedAt).toBeNull();
    expect((await booking(ids.upcoming!)).driverDeletedAt).toBeNull();
    // Deleted from the driver's list, the booking is still there for its supplier, and gone for the driver.
    expect((await get(bookingLoader, `/booking?b=${ids.ended}`, "owner")).status).toBe(404);
    expect((await get(bookingLoader, `/booking?b=${ids.ended}`, "carSupplier")).status).toBe(200);
  });

  it.each<[Who, boolean, boolean]>([
    ["owner", false, false],
    ["otherDriver", false, false],
    ["otherSupplier", false, true],
    ["carSupplier", true, false],
  ])(
    "the bulk status change as %s: its own car's booking changes: %s, the other company's: %s (and only along allowed transitions)",
    async (who, upcoming, otherCompany) => {
      await app.database.db
        .update(schema.bookings)
        .set({ status: "pending" })
        .where(inArray(schema.bookings.id, [ids.upcoming!, ids.otherCompany!]));
      await post(bookingsAction, "/bookings", who, [
        ["bulkAction", "setStatus"],
        ["status", "reserved"],
        ["id", ids.upcoming!],
        ["id", ids.otherCompany!],
        ["confirmed", "yes"],
      ]);
      expect((await booking(ids.upcoming!)).status).toBe(upcoming ? "reserved" : "pending");
      expect((await booking(ids.otherCompany!)).status).toBe(otherCompany ? "reserved" : "pending");
      // A paid booking can never go back to pending, even for an admin.
      await post(bookingsAction, "/bookings", "admin", [
        ["bulkAction", "setStatus"],
        ["status", "pending"],
        ["id", ids.othersEnded!],
        ["confirmed", "yes"],
      ]);
      expect((await booking(ids.othersEnded!)).status).toBe("paid");
    },
  );

  it("a supplier re-activating a cancelled booking whose period was booked again meanwhile is told so (no 500), and it stays cancelled", async () => {
    const [cancelled, rebooked] = await app.database.db
      .insert(schema.bookings)
      .values([
        bookingValues(catalogue, "2032-01-01T10:00:00Z", "2032-01-04T10:00:00Z", "cancelled"),
        bookingValues(catalogue, "2032-01-02T10:00:00Z", "2032-01-05T10:00:00Z", "pending"),
      ])
      .returning();
    const result = await post(bookingsAction, "/bookings", "carSupplier", [
      ["bulkAction", "setStatus"],
      ["status", "reserved"],
      ["id", cancelled!.id],
      ["confirmed", "yes"],
    ]);
    expect(result.status).toBe(302);
    expect((await booking(cancelled!.id)).status).toBe("cancelled");
    expect((await booking(rebooked!.id)).status).toBe("pending");
    // Freed again, the car can be given back to the cancelled booking.
    await app.database.db
      .update(schema.bookings)
      .set({ status: "cancelled" })
      .where(eq(schema.bookings.id, rebooked!.id));
    expect(
      (
        await post(bookingsAction, "/bookings", "carSupplier", [
          ["bulkAction", "setStatus"],
          ["status", "reserved"],
          ["id", cancelled!.id],
          ["confirmed", "yes"],
        ])
      ).status,
    ).toBe(302);
    expect((await booking(cancelled!.id)).status).toBe("reserved");
  });

  it("amendments saved by one driver are limited (each one mails both sides): the eleventh in an hour is refused with Retry-After", async () => {
    const [amendable] = await app.database.db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2032-03-01T10:00:00Z", "2032-03-03T10:00:00Z", "pending"))
      .returning();
    const save = (day: number) =>
      amendAction(
        routeArgs(
          new Request(`${ORIGIN}/booking/amend`, {
            method: "POST",
            headers: { Origin: ORIGIN, Cookie: cookies.owner },
            body: new URLSearchParams([
              ["b", amendable!.id],
              ["pickup", catalogue.location.slug],
              ["dropoff", catalogue.location.slug],
              ["from", "2032-03-01T11:00"],
              ["to", `2032-03-${String(day).padStart(2, "0")}T11:00`],
              ["intent", "save"],
            ]),
          }),
        ),
      );
    // The owner saved once in an earlier test: ten saves an hour in all.
    let saved = 1;
    while ((await outcome(() => save(3 + (saved % 2)))).status === 302) saved += 1;
    expect(saved).toBe(10);
    const before = await booking(amendable!.id);
    const refused = (await save(5)) as { init?: ResponseInit | null };
    expect(refused.init?.status).toBe(429);
    expect(Number(new Headers(refused.init?.headers).get("Retry-After"))).toBeGreaterThan(0);
    expect(await booking(amendable!.id)).toEqual(before);
  });

  it("notifications: another user's id answers 404 and changes nothing; bulk posts touch only the user's own", async () => {
    const notification = async (id: string) =>
      (await app.database.db.select().from(schema.notifications).where(eq(schema.notifications.id, id)))[0];
    expect(
      (await post(notificationsAction, "/notifications", "owner", [["row", `read:${ids.theirNotification}`]])).status,
    ).toBe(404);
    expect(
      (await post(notificationsAction, "/notifications", "owner", [["row", `open:${ids.theirNotification}`]])).status,
    ).toBe(404);
    expect((await notification(ids.theirNotification!))!.isRead).toBe(false);
    expect(
      (await post(notificationsAction, "/notifications", "visitor", [["row", `read:${ids.myNotification}`]])).status,
    ).toBe(302);
    expect((await notification(ids.myNotification!))!.isRead).toBe(false);

    const opened = await post(notificationsAction, "/notifications", "owner", [["row", `open:${ids.myNotification}`]]);
    expect(opened.location).toBe(`/booking?b=${ids.upcoming}`);
    expect((await notification(ids.myNotification!))!.isRead).toBe(true);

    const listed = (
      (await get(notificationsLoader, "/notifications", "otherDriver")).body as {
        list: { rows: Array<{ id: string }> };
      }
    ).list.rows.map((row) => row.id);
    expect(listed).toContain(ids.theirNotification);
    expect(listed).not.toContain(ids.myNotification);

    // Delete asks first, then removes only the owner's own among the ids posted.
    const asked = await post(notificationsAction, "/notifications", "owner", [
      ["bulkAction", "delete"],
      ["id", ids.myNotification!],
      ["id", ids.theirNotification!],
    ]);
    expect((asked.body as { confirm: { ids: string[] } }).confirm.ids).toEqual([ids.myNotification]);
    await post(notificationsAction, "/notifications", "owner", [
      ["bulkAction", "delete"],
      ["id", ids.myNotification!],
      ["id", ids.theirNotification!],
      ["confirmed", "yes"],
    ]);
    const left = await app.database.db
      .select()
      .from(schema.notifications)
      .where(inArray(schema.notifications.id, [ids.myNotification!, ids.theirNotification!]));
    expect(left.map((row) => row.id)).toEqual([ids.theirNotification]);
  });
});
