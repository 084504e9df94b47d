/**
 * Who reaches which operator page (decision 027): every operator route, GET and each POST, tried as a visitor, a
 * driver, the car's own supplier, another supplier and an admin. A visitor is sent to sign in, a driver refused
 * (403), another supplier's car answers like a missing one (404), and the database shows nothing changed.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { offerableCar } from "~/models/search/offer-conditions.server";
import { sendForgottenPasswordLink } from "~/models/account/forgotten-password.server";
import { bookingReference } from "~/models/booking/booking";
import sharp from "sharp";
import { readStoredUpload } from "~/utils/uploads.server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "#db/schema";
import { EXTRAS } from "~/domain/enums";
import {
  bookingValues,
  insertMinimalCatalogue,
  insertSupplier,
  type MinimalCatalogue,
} from "../../tests/support/fixtures";
import { parseStaffBookingQuery, searchStaffBookings } from "~/models/booking/staff/booking-search.server";
import { routeArgs, routeOutcome, sessionCookieFor, useAppDatabase } from "../../tests/support/app-test";
import { loader as layoutLoader } from "./manage/route";
import { loader as indexLoader } from "./manage._index/route";
import { loader as fleetLoader } from "./manage.cars/route";
import { action as newCarAction, loader as newCarLoader } from "./manage.cars_.new/route";
import { action as carAction, loader as carLoader } from "./manage.cars_.$carId/route";
import { loader as placesLoader } from "./manage.places/route";
import { action as newPlaceAction, loader as newPlaceLoader } from "./manage.places_.new/route";
import { action as placeAction, loader as placeLoader } from "./manage.places_.$placeId/route";
import { action as countriesAction, loader as countriesLoader } from "./manage.countries/route";
import { action as driversAction, loader as driversLoader } from "./manage.users/route";
import { action as personAction, loader as personLoader } from "./manage.users_.$userId/route";
import { loader as licenceLoader } from "./manage.users_.$userId_.licence";
import { action as importAction, loader as importLoader } from "./manage.cars_.import/route";
import { loader as exportLoader } from "./manage.cars_.export/route";
import { action as suppliersAction, loader as suppliersLoader } from "./manage.suppliers/route";
import { action as supplierAction, loader as supplierLoader } from "./manage.suppliers_.$supplierId/route";
import { loader as uploadsLoader } from "./uploads.$folder.$name/route";
import { action as deskAction, loader as deskLoader } from "./manage.desk/route";
import { loader as calendarLoader } from "./manage.calendar/route";
import { action as staffBookingAction, loader as staffBookingLoader } from "./manage.bookings_.$bookingId/route";
import { action as phoneBookingAction, loader as phoneBookingLoader } from "./manage.bookings_.new/route";
import { action as payAction, loader as payLoader } from "./pay.$token/route";
import { action as bookingsAction, loader as bookingsLoader } from "./manage.bookings/route";
import { loader as bookingsExportLoader } from "./manage.bookings_.export";

await vi.hoisted(async () => (await import("../../tests/support/app-test")).configureOutbox("manage-access"));

type Who = "visitor" | "driver" | "carSupplier" | "otherSupplier" | "admin";
const EVERYONE: Who[] = ["visitor", "driver", "carSupplier", "otherSupplier", "admin"];
const ORIGIN = "http://localhost";

const outcome = routeOutcome;

const carFields = (name: string, plate: string, placeId: string): Array<[string, string]> => [
  ["intent:save", "Save"],
  ["name", name],
  ["licensePlate", plate],
  ["range", "midi"],
  ["fuelType", "diesel"],
  ["gearbox", "manual"],
  ["seats", "5"],
  ["doors", "4"],
  ["fuelPolicy", "likeForLike"],
  ["minimumAge", "21"],
  ["deposit", "0"],
  ["damageExcess", "800"],
  ["largeBags", "1"],
  ["smallBags", "1"],
  ["theftExcess", "800"],
  ["dailyPrice", "50"],
  ["available", "on"],
  ["places", placeId],
  ...EXTRAS.map((extra): [string, string] => [`${extra}Mode`, "notOffered"]),
];

describe("access to the operators' pages", () => {
  const app = useAppDatabase();
  let catalogue: MinimalCatalogue;
  let other: MinimalCatalogue;
  const cookies = {} as Record<Who, string>;
  let adminId = "";

  const headers = (who: Who): Record<string, string> => (cookies[who] ? { Cookie: cookies[who] } : {});
  const get = (
    loader: (args: never) => Promise<unknown>,
    path: string,
    who: Who,
    params: Record<string, string> = {},
  ) =>
    outcome(() =>
      loader({ ...routeArgs(new Request(`${ORIGIN}${path}`, { headers: headers(who) })), params } as never),
    );
  const post = (
    action: (args: never) => Promise<unknown>,
    path: string,
    who: Who,
    fields: Array<[string, string]>,
    params: Record<string, string> = {},
  ) =>
    outcome(() =>
      action({
        ...routeArgs(
          new Request(`${ORIGIN}${path}`, {
            method: "POST",
            headers: { Origin: ORIGIN, ...headers(who) },
            body: new URLSearchParams(fields),
          }),
        ),
        params,
      } as never),
    );
  const carRow = async (id: string) =>
    (await app.database.db.select().from(schema.cars).where(eq(schema.cars.id, id)))[0];

  beforeAll(async () => {
    const db = app.database.db;
    catalogue = await insertMinimalCatalogue(db);
    other = await insertMinimalCatalogue(db);
    const [admin] = await db
      .insert(schema.users)
      .values({ role: "admin", email: `admin-${Date.now()}@example.com`, fullName: "Admin", verified: true })
      .returning();
    cookies.visitor = "";
    cookies.driver = await sessionCookieFor(catalogue.driver.id);
    cookies.carSupplier = await sessionCookieFor(catalogue.supplier.id);
    cookies.otherSupplier = await sessionCookieFor(other.supplier.id);
    cookies.admin = await sessionCookieFor(admin!.id);
    adminId = admin!.id;
    await db.insert(schema.bookings).values(bookingValues(catalogue, "2031-03-01T10:00:00Z", "2031-03-04T10:00:00Z"));
  });

  it("lets suppliers and admins in; sends a visitor to sign in; refuses a driver", async () => {
    for (const loader of [layoutLoader, indexLoader, fleetLoader, newCarLoader]) {
      const answers = Object.fromEntries(
        await Promise.all(EVERYONE.map(async (who) => [who, await get(loader as never, "/manage/cars", who)] as const)),
      );
      expect(answers.visitor!.status).toBe(302);
      expect(answers.visitor!.location).toMatch(/^\/sign-in\?redirectTo=/);
      expect(answers.driver!.status).toBe(403);
      for (const who of ["carSupplier", "otherSupplier", "admin"] as const)
        expect([200, 302]).toContain(answers[who]!.status);
    }
  });

  it("shows a supplier its own fleet only, whichever supplier it asks for; an admin chooses", async () => {
    const ids = async (who: Who, query = "") =>
      (
        (await get(fleetLoader as never, `/manage/cars${query}`, who)).body as {
          fleet: { cars: Array<{ id: string }> };
        }
      ).fleet.cars.map((car) => car.id);
    expect(await ids("carSupplier", `?supplier=${other.supplier.id}`)).toEqual([catalogue.car.id]);
    expect(await ids("otherSupplier")).toEqual([other.car.id]);
    expect(await ids("admin", `?supplier=${other.supplier.id}`)).toEqual([other.car.id]);
    expect(await ids("admin")).toEqual(expect.arrayContaining([catalogue.car.id, other.car.id]));
  });

  it("asks before retiring a car that holds bookings to come, listing them; retires it once confirmed", async () => {
    const db = app.database.db;
    const { id: _original, ...car } = (await carRow(catalogue.car.id))!;
    const [spare] = await db
      .insert(schema.cars)
      .values({ ...car, licensePlate: `RETIRE-${Date.now()}` })
      .returning({ id: schema.cars.id });
    const [held] = await db
      .insert(schema.bookings)
      .values({ ...bookingValues(catalogue, "2031-11-01T08:00:00Z", "2031-11-03T08:00:00Z", "paid"), carId: spare!.id })
      .returning({ id: schema.bookings.id });
    const path = `/manage/cars/${spare!.id}`;
    const params = { carId: spare!.id };
    const asked = await post(carAction as never, path, "carSupplier", [["intent:remove", "Remove"]], params);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ form: "remove", confirm: { total: 1, listed: [{ id: held!.id }], back: path } });
    expect((await carRow(spare!.id))!.retiredAt).toBeNull();
    const confirmed = await post(
      carAction as never,
      path,
      "carSupplier",
      [
        ["intent:remove", "Remove"],
        ["confirmed", "Retire it"],
      ],
      params,
    );
    expect(confirmed.status).toBe(302);
    expect((await carRow(spare!.id))!.retiredAt).not.toBeNull();
    // The other tests read the place's bookings: this one goes.
    await db.delete(schema.bookings).where(eq(schema.bookings.id, held!.id));
  });

  it("answers another supplier's car like a missing one, on every read and every post, and changes nothing", async () => {
    const path = `/manage/cars/${catalogue.car.id}`;
    const params = { carId: catalogue.car.id };
    const before = await carRow(catalogue.car.id);
    const posts: Array<Array<[string, string]>> = [
      carFields("Taken over", "HIJACK-1", other.location.id),
      [["intent:moreRows", "More"]],
      [
        ["intent:block", "Block"],
        ["from", "2031-05-01T10:00"],
        ["to", "2031-05-08T10:00"],
        ["reason", "repair"],
      ],
      [
        ["intent:remove", "Remove"],
        ["confirmRemove", "on"],
      ],
      [["intent:reinstate", "Again"]],
      [[`row:unblock:${catalogue.car.id}`, "Back"]],
    ];
    expect((await get(carLoader as never, path, "otherSupplier", params)).status).toBe(404);
    expect((await get(carLoader as never, path, "driver", params)).status).toBe(403);
    expect((await get(carLoader as never, path, "visitor", params)).status).toBe(302);
    for (const fields of posts) {
      expect((await post(carAction as never, path, "otherSupplier", fields, params)).status).toBe(404);
      expect((await post(carAction as never, path, "driver", fields, params)).status).toBe(403);
      expect((await post(carAction as never, path, "visitor", fields, params)).status).toBe(302);
    }
    expect(await carRow(catalogue.car.id)).toEqual(before);
    const blocks = await app.database.db
      .select()
      .from(schema.carBlocks)
      .where(eq(schema.carBlocks.carId, catalogue.car.id));
    expect(blocks).toEqual([]);
    // A car id that does not exist answers the same.
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await get(carLoader as never, `/manage/cars/${missing}`, "carSupplier", { carId: missing })).status).toBe(
      404,
    );
  });

  it("lets the car's supplier and an admin read and change it", async () => {
    const path = `/manage/cars/${catalogue.car.id}`;
    const params = { carId: catalogue.car.id };
    expect((await get(carLoader as never, path, "carSupplier", params)).status).toBe(200);
    expect((await get(carLoader as never, path, "admin", params)).status).toBe(200);
    const saved = await post(
      carAction as never,
      path,
      "admin",
      carFields("Renamed by admin", "ADMIN-1", catalogue.location.id),
      params,
    );
    expect(saved.status).toBe(302);
    expect(await carRow(catalogue.car.id)).toMatchObject({
      name: "Renamed by admin",
      supplierId: catalogue.supplier.id,
    });
    const [entry] = await app.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.recordId, catalogue.car.id));
    expect(entry).toMatchObject({ action: "update", actorRole: "admin", supplierId: catalogue.supplier.id });
  });

  it("adds a supplier's new car to its own fleet, whatever supplier the post names; a driver cannot add one", async () => {
    const fields = [
      ...carFields("Smuggled", "SMUGGLE-1", catalogue.location.id),
      ["supplier", catalogue.supplier.id] as [string, string],
    ];
    const created = await post(newCarAction as never, "/manage/cars/new", "otherSupplier", fields);
    expect(created.status).toBe(302);
    const [car] = await app.database.db.select().from(schema.cars).where(eq(schema.cars.licensePlate, "SMUGGLE-1"));
    expect(car!.supplierId).toBe(other.supplier.id);
    expect((await post(newCarAction as never, "/manage/cars/new", "driver", fields)).status).toBe(403);
    // An admin must name the supplier: without one the form says so on its field.
    const refused = await post(
      newCarAction as never,
      "/manage/cars/new",
      "admin",
      carFields("No owner", "NOOWNER-1", catalogue.location.id),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("manage:validation.supplierRequired");
  });

  it("refuses a block over a booking, naming it, on the car's page", async () => {
    const path = `/manage/cars/${catalogue.car.id}`;
    const answer = await post(
      carAction as never,
      path,
      "carSupplier",
      [
        ["intent:block", "Block"],
        ["from", "2031-03-02T00:00"],
        ["to", "2031-03-10T00:00"],
        ["reason", "damage"],
      ],
      { carId: catalogue.car.id },
    );
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.body)).toContain("manage:blocks.overBookings");
  });

  it("keeps places, desks and countries to admins; a changed week of hours lists the bookings it leaves outside", async () => {
    const placePath = `/manage/places/${catalogue.location.id}`;
    const params = { placeId: catalogue.location.id };
    const week = (opens: string, closes: string): Array<[string, string]> =>
      [0, 1, 2, 3, 4, 5, 6].flatMap((day): Array<[string, string]> => [
        [`day${day}Opens`, opens],
        [`day${day}Closes`, closes],
      ]);
    const placeFields: Array<[string, string]> = [
      ["intent:save", "Save"],
      ["slug", catalogue.location.slug],
      ["countryId", catalogue.country!.id],
      ["nameEn", "Tunis"],
      ["nameFr", "Tunis"],
      ["nameEs", "Túnez"],
      ["latitude", "36.8065"],
      ["longitude", "10.1815"],
      ["timeZone", "Africa/Tunis"],
      ["deskKind", "cityOffice"],
      ["hasHours", "on"],
      // The booking made in beforeAll picks up at 11:00 in Tunis (10:00 UTC): outside 12:00–18:00.
      ...week("12:00", "18:00"),
    ];
    for (const who of ["driver", "carSupplier", "otherSupplier"] as const) {
      expect((await get(placesLoader as never, "/manage/places", who)).status).toBe(403);
      expect((await get(newPlaceLoader as never, "/manage/places/new", who)).status).toBe(403);
      expect((await get(countriesLoader as never, "/manage/countries", who)).status).toBe(403);
      expect((await get(placeLoader as never, placePath, who, params)).status).toBe(403);
      expect((await post(placeAction as never, placePath, who, placeFields, params)).status).toBe(403);
      expect((await post(newPlaceAction as never, "/manage/places/new", who, placeFields)).status).toBe(403);
      expect(
        (
          await post(countriesAction as never, "/manage/countries", who, [
            ["code", "ZZ"],
            ["nameEn", "Z"],
            ["nameFr", "Z"],
            ["nameEs", "Z"],
          ])
        ).status,
      ).toBe(403);
    }
    const [unchanged] = await app.database.db
      .select()
      .from(schema.locations)
      .where(eq(schema.locations.id, catalogue.location.id));
    expect(unchanged!.openingHours).toBeNull();

    expect((await post(placeAction as never, placePath, "admin", placeFields, params)).status).toBe(302);
    const page = await get(placeLoader as never, placePath, "admin", params);
    const outside = (page.body as { outside: Array<{ stop: string; at: string }> }).outside;
    expect(outside).toEqual([
      expect.objectContaining({ stop: "pickup", at: "2031-03-01T11:00" }),
      expect.objectContaining({ stop: "dropoff", at: "2031-03-04T11:00" }),
    ]);
    // Nothing was cancelled.
    const [held] = await app.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.pickupLocationId, catalogue.location.id));
    expect(held!.status).toBe("pending");
    const [entry] = await app.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.recordId, catalogue.location.id));
    expect(entry).toMatchObject({ record: "location", action: "update", actorRole: "admin" });
    expect(Object.keys(entry!.changes)).toEqual(expect.arrayContaining(["openingHours", "deskKind"]));
  });

  it("deletes a place or a country only when nothing uses it, once the box is ticked, audited; admins only", async () => {
    const db = app.database.db;
    // The catalogue's place has a car and a booking: it is kept, and its page says why.
    const usedPath = `/manage/places/${catalogue.location.id}`;
    const usedParams = { placeId: catalogue.location.id };
    const usedPage = await get(placeLoader as never, usedPath, "admin", usedParams);
    const used = usedPage.body as { deletable: boolean; uses: Record<string, number> };
    expect(used.deletable).toBe(false);
    expect(used.uses.cars).toBeGreaterThan(0);
    expect(used.uses.bookings).toBeGreaterThan(0);
    const confirmed: Array<[string, string]> = [
      ["intent:delete", "Delete the place"],
      ["confirmDelete", "on"],
    ];
    const refused = await post(placeAction as never, usedPath, "admin", confirmed, usedParams);
    expect(refused).toMatchObject({ status: 409, body: { problem: "manage:place.delete.nowUsed" } });
    expect(await db.select().from(schema.locations).where(eq(schema.locations.id, catalogue.location.id))).toHaveLength(
      1,
    );

    const [unused] = await db
      .insert(schema.locations)
      .values({
        slug: `unused-${Date.now()}`,
        countryId: catalogue.country!.id,
        nameEn: "Nowhere",
        nameFr: "Nulle part",
        nameEs: "Ninguna parte",
        latitude: 36.8,
        longitude: 10.1,
        timeZone: "Africa/Tunis",
      })
      .returning();
    await db
      .insert(schema.parkingSpots)
      .values({ locationId: unused!.id, nameEn: "P1", nameFr: "P1", nameEs: "P1", latitude: 36.8, longitude: 10.1 });
    const path = `/manage/places/${unused!.id}`;
    const params = { placeId: unused!.id };
    expect((await get(placeLoader as never, path, "admin", params)).body).toMatchObject({ deletable: true });
    for (const who of ["driver", "carSupplier", "otherSupplier"] as const)
      expect((await post(placeAction as never, path, who, confirmed, params)).status).toBe(403);
    expect(
      await post(placeAction as never, path, "admin", [["intent:delete", "Delete the place"]], params),
    ).toMatchObject({
      status: 400,
      body: { problem: "manage:place.delete.confirmRequired" },
    });
    expect(await db.select().from(schema.locations).where(eq(schema.locations.id, unused!.id))).toHaveLength(1);
    expect(await post(placeAction as never, path, "admin", confirmed, params)).toMatchObject({
      status: 302,
      location: "/manage/places",
    });
    expect(await db.select().from(schema.locations).where(eq(schema.locations.id, unused!.id))).toHaveLength(0);
    expect(
      await db.select().from(schema.parkingSpots).where(eq(schema.parkingSpots.locationId, unused!.id)),
    ).toHaveLength(0);
    const [deleted] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.recordId, unused!.id));
    expect(deleted).toMatchObject({
      record: "location",
      action: "delete",
      actorRole: "admin",
      label: expect.stringContaining("Nowhere"),
    });

    // A country holding places is kept; an empty one goes.
    const [empty] = await db
      .insert(schema.countries)
      .values({ code: "QZ", nameEn: "Quiz", nameFr: "Quiz", nameEs: "Quiz" })
      .returning();
    const listed = (await get(countriesLoader as never, "/manage/countries", "admin")).body as {
      countries: Array<{ id: string; places: number }>;
    };
    expect(listed.countries.find((country) => country.id === empty!.id)?.places).toBe(0);
    expect(listed.countries.find((country) => country.id === catalogue.country!.id)?.places).toBeGreaterThan(0);
    const deleteCountry = (countryId: string, who: Who = "admin") =>
      post(countriesAction as never, "/manage/countries", who, [
        ["intent:delete", "Delete the country"],
        ["countryId", countryId],
        ["confirmDelete", "on"],
      ]);
    expect(await deleteCountry(catalogue.country!.id)).toMatchObject({ status: 409 });
    expect((await deleteCountry(empty!.id, "carSupplier")).status).toBe(403);
    expect(await deleteCountry(empty!.id)).toMatchObject({ status: 302, location: "/manage/countries" });
    expect(await db.select().from(schema.countries).where(eq(schema.countries.id, empty!.id))).toHaveLength(0);
    expect(await db.select().from(schema.countries).where(eq(schema.countries.id, catalogue.country!.id))).toHaveLength(
      1,
    );
    const [countryEntry] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.recordId, empty!.id));
    expect(countryEntry).toMatchObject({ record: "country", action: "delete", label: "Quiz (QZ)" });
  });

  it("lets an admin suspend a supplier, asked first with its bookings to come: its cars leave the storefront, its team is signed out", async () => {
    const db = app.database.db;
    const third = await insertMinimalCatalogue(db);
    const [booking] = await db
      .insert(schema.bookings)
      .values(bookingValues(third, "2031-05-01T10:00:00Z", "2031-05-03T10:00:00Z"))
      .returning();
    const [member] = await db
      .insert(schema.users)
      .values({ role: "staff", email: `desk-${Date.now()}@example.com`, fullName: "Desk Agent", verified: true })
      .returning();
    await db
      .insert(schema.supplierStaff)
      .values({ userId: member!.id, supplierId: third.supplier.id, role: "desk", invitedBy: "Owner" });
    const ownerCookie = await sessionCookieFor(third.supplier.id);
    const memberCookie = await sessionCookieFor(member!.id);
    const asCookie = (cookie: string) =>
      outcome(() =>
        layoutLoader({
          ...routeArgs(new Request(`${ORIGIN}/manage`, { headers: { Cookie: cookie } })),
          params: {},
        } as never),
      );
    expect((await asCookie(ownerCookie)).status).toBe(200);
    expect((await asCookie(memberCookie)).status).toBe(200);
    const offered = async () =>
      (
        await db
          .select({ id: schema.cars.id })
          .from(schema.cars)
          .innerJoin(schema.users, eq(schema.users.id, schema.cars.supplierId))
          .where(and(eq(schema.cars.id, third.car.id), offerableCar))
      ).length;
    expect(await offered()).toBe(1);

    const path = `/manage/suppliers/${third.supplier.id}`;
    const params = { supplierId: third.supplier.id };
    // A supplier cannot suspend itself (or another): the admin's alone.
    expect(
      (await post(supplierAction as never, path, "carSupplier", [["intent:suspend", "Suspend"]], params)).status,
    ).toBe(404);
    // Asked first, naming the booking to come; nothing done yet.
    const asked = await post(supplierAction as never, path, "admin", [["intent:suspend", "Suspend"]], params);
    expect(asked.body).toMatchObject({
      form: "suspend",
      confirm: { total: 1, listed: [{ id: booking!.id, reference: bookingReference(booking!.id) }] },
    });
    expect((await asCookie(ownerCookie)).status).toBe(200);

    const done = await post(
      supplierAction as never,
      path,
      "admin",
      [
        ["intent:suspend", "Suspend"],
        ["confirmed", "yes"],
      ],
      params,
    );
    expect(done).toMatchObject({ status: 302, location: path });
    expect(await offered()).toBe(0);
    // The owner and the desk agent are signed out, and stay out.
    for (const cookie of [ownerCookie, memberCookie]) expect((await asCookie(cookie)).status).toBe(302);
    expect(
      await db
        .select()
        .from(schema.sessions)
        .where(inArray(schema.sessions.userId, [third.supplier.id, member!.id])),
    ).toHaveLength(0);
    expect((await asCookie(await sessionCookieFor(member!.id))).status).toBe(302);
    // The booking stays, listed on the supplier's page for a decision.
    const page = await get(supplierLoader as never, path, "admin", params);
    expect(page.body).toMatchObject({ suspension: { suspended: true, toCome: { total: 1 } } });
    const [entry] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.recordId, third.supplier.id), eq(schema.auditLog.record, "supplier")));
    expect(entry).toMatchObject({ actorRole: "admin", changes: { suspended: { from: false, to: true } } });

    expect(
      await post(supplierAction as never, path, "admin", [["intent:reinstate", "Reinstate"]], params),
    ).toMatchObject({ status: 302 });
    expect(await offered()).toBe(1);
    expect((await asCookie(await sessionCookieFor(member!.id))).status).toBe(200);
  });

  it("deletes a supplier only once nothing uses it, the box ticked, as an admin; audited", async () => {
    const db = app.database.db;
    const unused = await insertSupplier(db, `unused-${Date.now()}`);
    const params = { supplierId: unused };
    const path = `/manage/suppliers/${unused}`;
    const remove: Array<[string, string]> = [
      ["intent:delete", "Delete"],
      ["confirmDelete", "on"],
    ];
    const exists = async (id: string) =>
      (await db.select().from(schema.users).where(eq(schema.users.id, id))).length === 1;
    // Another supplier's page answers as if it did not exist; a supplier never deletes (even itself).
    expect((await post(supplierAction as never, path, "otherSupplier", remove, params)).status).toBe(404);
    expect(
      (
        await post(supplierAction as never, `/manage/suppliers/${catalogue.supplier.id}`, "carSupplier", remove, {
          supplierId: catalogue.supplier.id,
        })
      ).status,
    ).toBe(403);
    // The box left unticked: nothing deleted.
    expect((await post(supplierAction as never, path, "admin", [["intent:delete", "Delete"]], params)).status).toBe(
      400,
    );
    expect(await exists(unused)).toBe(true);
    // A supplier with cars and bookings: refused, naming why.
    const used = await post(supplierAction as never, `/manage/suppliers/${catalogue.supplier.id}`, "admin", remove, {
      supplierId: catalogue.supplier.id,
    });
    expect(used.status).toBe(409);
    expect(await exists(catalogue.supplier.id)).toBe(true);
    const page = await get(supplierLoader as never, `/manage/suppliers/${catalogue.supplier.id}`, "admin", {
      supplierId: catalogue.supplier.id,
    });
    expect(page.body).toMatchObject({ deletion: { deletable: false, uses: { cars: expect.any(Number) } } });
    // Unused, ticked, by an admin: gone, with its audit row.
    const deleted = await post(supplierAction as never, path, "admin", remove, params);
    expect(deleted).toMatchObject({ status: 302, location: "/manage/suppliers" });
    expect(await exists(unused)).toBe(false);
    const [audited] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.recordId, unused), eq(schema.auditLog.action, "delete")));
    expect(audited).toMatchObject({ record: "supplier", actorId: adminId });
  });

  it("keeps drivers' accounts to admins: a suspension ends the driver's sessions at once", async () => {
    for (const who of ["driver", "carSupplier", "otherSupplier"] as const) {
      expect((await get(driversLoader as never, "/manage/users", who)).status).toBe(403);
      expect(
        (await post(driversAction as never, "/manage/users", who, [[`row:suspend:${catalogue.driver.id}`, "Suspend"]]))
          .status,
      ).toBe(403);
    }
    const list = await get(driversLoader as never, `/manage/users?q=${catalogue.driver.email}`, "admin");
    const body = JSON.stringify(list.body);
    expect(body).toContain(catalogue.driver.email);
    // No hash, token or licence file ever reaches an operator page.
    expect(body).not.toMatch(/passwordHash|\$argon2|driverLicense|token/i);
    const db = app.database.db;
    await db
      .insert(schema.sessions)
      .values({
        id: `s-${Date.now()}`,
        userId: catalogue.driver.id,
        data: {},
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .catch(() => undefined);
    // Asked first (issue 50): the first post answers what the suspension does, and changes nothing.
    const asked = await post(driversAction as never, "/manage/users", "admin", [
      [`row:suspend:${catalogue.driver.id}`, "Suspend"],
    ]);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      confirm: { id: catalogue.driver.id, suspended: false, sessions: expect.any(Number) },
    });
    const toCome = (
      await db.select().from(schema.bookings).where(eq(schema.bookings.driverId, catalogue.driver.id))
    ).filter((booking) => booking.status !== "cancelled" && booking.endsAt > new Date()).length;
    expect((asked.body as { confirm: { bookingsToCome: number } }).confirm.bookingsToCome).toBe(toCome);
    expect((asked.body as { confirm: { sessions: number } }).confirm.sessions).toBeGreaterThan(0);
    const [stillActive] = await db.select().from(schema.users).where(eq(schema.users.id, catalogue.driver.id));
    expect(stillActive!.blacklisted).toBe(false);
    expect(await db.select().from(schema.sessions).where(eq(schema.sessions.userId, catalogue.driver.id))).not.toEqual(
      [],
    );
    expect(
      (
        await post(driversAction as never, "/manage/users", "admin", [
          [`row:suspend:${catalogue.driver.id}`, "Suspend"],
          ["confirmed", "Suspend Alex"],
        ])
      ).status,
    ).toBe(302);
    const [driver] = await db.select().from(schema.users).where(eq(schema.users.id, catalogue.driver.id));
    expect(driver!.blacklisted).toBe(true);
    expect(await db.select().from(schema.sessions).where(eq(schema.sessions.userId, catalogue.driver.id))).toEqual([]);
    // The driver's own cookie no longer opens their pages.
    expect((await get(layoutLoader as never, "/manage", "driver")).status).toBe(302);
    expect(
      (await post(driversAction as never, "/manage/users", "admin", [[`row:reinstate:${catalogue.driver.id}`, "Back"]]))
        .status,
    ).toBe(302);
    const [back] = await db.select().from(schema.users).where(eq(schema.users.id, catalogue.driver.id));
    expect(back!.blacklisted).toBe(false);
    // Reinstated, the driver signs in again (the other tests use their session).
    cookies.driver = await sessionCookieFor(catalogue.driver.id);
  });

  it("lists every role to admins, and opens a person's page whose corrections are audited; never an admin's own suspension", async () => {
    const db = app.database.db;
    const [member] = await db
      .insert(schema.users)
      .values({ role: "staff", email: `manager-${Date.now()}@example.com`, fullName: "Team Manager", verified: true })
      .returning();
    await db
      .insert(schema.supplierStaff)
      .values({ userId: member!.id, supplierId: catalogue.supplier.id, role: "manager", invitedBy: "Owner" });
    const params = { userId: member!.id };
    const page = `/manage/users/${member!.id}`;
    for (const who of ["visitor", "driver", "carSupplier", "otherSupplier"] as const) {
      expect([302, 403]).toContain((await get(personLoader as never, page, who, params)).status);
      expect([302, 403]).toContain(
        (
          await post(
            personAction as never,
            page,
            who,
            [
              ["intent:details", "Save"],
              ["fullName", "Taken Over"],
            ],
            params,
          )
        ).status,
      );
      expect([302, 403]).toContain((await get(licenceLoader as never, `${page}/licence`, who, params)).status);
    }
    const staffList = await get(driversLoader as never, "/manage/users?role=staff", "admin");
    expect(JSON.stringify(staffList.body)).toContain(member!.email);
    expect(JSON.stringify(staffList.body)).not.toContain(catalogue.driver.email);
    const shown = await get(personLoader as never, page, "admin", params);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      person: { email: member!.email, role: "staff", staffRole: "manager", employerId: catalogue.supplier.id },
    });
    expect(JSON.stringify(shown.body)).not.toMatch(/passwordHash|\$argon2|driverLicense|token|secret/i);

    // A refused correction keeps what was typed and changes nothing.
    const refused = await post(
      personAction as never,
      page,
      "admin",
      [
        ["intent:details", "Save"],
        ["fullName", ""],
        ["phone", "not a phone"],
      ],
      params,
    );
    expect(refused.status).toBe(400);
    const saved = await post(
      personAction as never,
      page,
      "admin",
      [
        ["intent:details", "Save"],
        ["fullName", "Team Manager-Smith"],
        ["phone", "+33 6 12 34 56 78"],
      ],
      params,
    );
    expect(saved.status).toBe(302);
    const [corrected] = await db.select().from(schema.users).where(eq(schema.users.id, member!.id));
    expect(corrected).toMatchObject({ fullName: "Team Manager-Smith", phone: "+33 6 12 34 56 78" });
    const [audited] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.recordId, member!.id), eq(schema.auditLog.record, "account")));
    expect(audited).toMatchObject({
      actorId: adminId,
      changes: { fullName: { from: "Team Manager", to: "Team Manager-Smith" } },
    });

    // Its role, as the owner sets it on the team page: desk from manager, signed out, on the person's trail.
    const roleSession = await sessionCookieFor(member!.id);
    expect(roleSession).toBeTruthy();
    expect(
      (
        await post(
          personAction as never,
          page,
          "admin",
          [
            ["intent:role", "Save"],
            ["member", member!.id],
            ["role", "desk"],
          ],
          params,
        )
      ).status,
    ).toBe(302);
    const [staffRow] = await db.select().from(schema.supplierStaff).where(eq(schema.supplierStaff.userId, member!.id));
    expect(staffRow!.role).toBe("desk");
    expect(await db.select().from(schema.sessions).where(eq(schema.sessions.userId, member!.id))).toEqual([]);
    const shownAgain = (await get(personLoader as never, page, "admin", params)).body as {
      trail: Array<{ changes: Record<string, unknown> }>;
    };
    expect(shownAgain.trail[0]!.changes).toEqual({ role: { from: "manager", to: "desk" } });
    // Another person's id in the form: refused, nothing changed.
    expect(
      (
        await post(
          personAction as never,
          page,
          "admin",
          [
            ["intent:role", "Save"],
            ["member", catalogue.driver.id],
            ["role", "owner"],
          ],
          params,
        )
      ).status,
    ).toBe(400);

    // An admin's own account is suspended by another admin, never by themselves.
    const self = await post(
      personAction as never,
      `/manage/users/${adminId}`,
      "admin",
      [
        [`row:suspend:${adminId}`, "Suspend"],
        ["confirmed", "Suspend"],
      ],
      { userId: adminId },
    );
    expect(self.status).toBe(302);
    const [stillAdmin] = await db.select().from(schema.users).where(eq(schema.users.id, adminId));
    expect(stillAdmin!.blacklisted).toBe(false);

    // A team member suspended from their page is signed out at once.
    const memberCookie = await sessionCookieFor(member!.id);
    await post(
      personAction as never,
      page,
      "admin",
      [
        [`row:suspend:${member!.id}`, "Suspend"],
        ["confirmed", "Yes"],
      ],
      params,
    );
    const [suspended] = await db.select().from(schema.users).where(eq(schema.users.id, member!.id));
    expect(suspended!.blacklisted).toBe(true);
    expect(await db.select().from(schema.sessions).where(eq(schema.sessions.userId, member!.id))).toEqual([]);
    expect(memberCookie).toBeTruthy();
    // The licence link answers 404 when there is none on file.
    expect((await get(licenceLoader as never, `${page}/licence`, "admin", params)).status).toBe(404);
  });

  it("exports a supplier's own fleet only, and refuses the import and export pages to drivers and visitors", async () => {
    const own = await get(exportLoader as never, `/manage/cars/export?supplier=${other.supplier.id}`, "carSupplier");
    expect(own.status).toBe(200);
    // The request's supplier is ignored: the supplier's own fleet comes back.
    expect(own.body).toBeNull();
    const csv = await (exportLoader as (args: never) => Promise<Response>)({
      ...routeArgs(
        new Request(`${ORIGIN}/manage/cars/export?supplier=${other.supplier.id}`, { headers: headers("carSupplier") }),
      ),
      params: {},
    } as never);
    const text = await csv.text();
    expect(text).not.toContain(other.car.licensePlate);
    expect((await get(exportLoader as never, "/manage/cars/export", "driver")).status).toBe(403);
    expect((await get(exportLoader as never, "/manage/cars/export", "visitor")).status).toBe(302);
    expect((await get(exportLoader as never, "/manage/cars/export?supplier=nope", "admin")).status).toBe(404);
    expect((await get(importLoader as never, "/manage/cars/import", "driver")).status).toBe(403);
    expect(
      (await post(importAction as never, "/manage/cars/import", "driver", [["supplier", other.supplier.id]])).status,
    ).toBe(403);
  });

  it("keeps a supplier's settings to itself and its admins; the markup is the admin's alone; an admin invites a supplier", async () => {
    const path = `/manage/suppliers/${catalogue.supplier.id}`;
    const params = { supplierId: catalogue.supplier.id };
    const settings = (markup: string): Array<[string, string]> => [
      ["intent:save", "Save"],
      ["name", "Renamed Supplier"],
      ["payLater", "on"],
      ["minimumRentalDays", "2"],
      ["hourlyMinimumHours", "3"],
      ["taxRate", "19.6"],
      ["taxIncluded", "on"],
      ["oneWayFee", "25"],
      ["youngDriverAge", "25"],
      ["youngDriverDailyFee", "8"],
      ["flightGraceMinutes", "90"],
      ["afterHoursForFlights", "on"],
      ["markup", markup],
    ];
    const row = async () =>
      (
        await app.database.db
          .select()
          .from(schema.supplierSettings)
          .where(eq(schema.supplierSettings.supplierId, catalogue.supplier.id))
      )[0]!;
    const before = await row();
    expect((await get(supplierLoader as never, path, "otherSupplier", params)).status).toBe(404);
    expect((await post(supplierAction as never, path, "otherSupplier", settings("0"), params)).status).toBe(404);
    expect((await get(supplierLoader as never, path, "driver", params)).status).toBe(403);
    expect(await row()).toEqual(before);

    // The supplier saves its own settings; the markup it posts is ignored.
    expect((await post(supplierAction as never, path, "carSupplier", settings("-50"), params)).status).toBe(302);
    expect(await row()).toMatchObject({
      minimumRentalDays: 2,
      hourlyMinimumHours: 3,
      taxRateBasisPoints: 1960,
      oneWayFee: 2500,
      flightGraceMinutes: 90,
      afterHoursForFlights: true,
      markupBasisPoints: before.markupBasisPoints,
    });
    expect((await post(supplierAction as never, path, "admin", settings("12.5"), params)).status).toBe(302);
    expect((await row()).markupBasisPoints).toBe(1250);

    for (const who of ["carSupplier", "otherSupplier", "driver"] as const)
      expect((await get(suppliersLoader as never, "/manage/suppliers", who)).status).toBe(403);
    const invite: Array<[string, string]> = [
      ["name", "Sahara Wheels"],
      ["email", `sahara-${Date.now()}@example.com`],
      ["slug", `sahara-${Date.now()}`],
    ];
    expect((await post(suppliersAction as never, "/manage/suppliers", "carSupplier", invite)).status).toBe(403);
    expect((await post(suppliersAction as never, "/manage/suppliers", "admin", invite)).status).toBe(302);
    const [created] = await app.database.db.select().from(schema.users).where(eq(schema.users.email, invite[1]![1]));
    expect(created).toMatchObject({ role: "supplier", passwordHash: null });
    // The invitation is in the outbox, written with the account.
    const mails = await app.database.db.select().from(schema.outboxMails);
    expect(
      mails.some(
        (mail) => JSON.stringify(mail).includes(invite[1]![1]) && JSON.stringify(mail).includes("/activate?token="),
      ),
    ).toBe(true);
    // It says what it is (not a driver's "account created with your booking") and lasts a week.
    const invitation = mails.find((mail) => JSON.stringify(mail).includes(invite[1]![1]))!;
    expect(JSON.stringify(invitation)).toContain("invites Sahara Wheels to rent its cars");
    const [token] = await app.database.db.select().from(schema.tokens).where(eq(schema.tokens.userId, created!.id));
    expect(token!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    // Sent again from its page by an admin (audited), not by the supplier itself.
    const page = `/manage/suppliers/${created!.id}`;
    const pageParams = { supplierId: created!.id };
    expect(
      ((await get(supplierLoader as never, page, "admin", pageParams)).body as { supplier: { invited: boolean } })
        .supplier.invited,
    ).toBe(true);
    const outboxSize = async () => (await app.database.db.select().from(schema.outboxMails)).length;
    const sizeBefore = await outboxSize();
    expect(
      (await post(supplierAction as never, page, "admin", [["intent:invitation", "Send"]], pageParams)).status,
    ).toBe(302);
    expect(await outboxSize()).toBe(sizeBefore + 1);
    const [resent] = await app.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.recordId, created!.id))
      .orderBy(desc(schema.auditLog.createdAt));
    expect(resent!.changes).toEqual({ invitationSent: { from: null, to: invite[1]![1] } });
    // "Forgot your password?" with the invited address sends a new invitation, not "not registered".
    expect(await sendForgottenPasswordLink(app.database.db, invite[1]![1].toUpperCase(), ORIGIN)).toBe(
      "invitationSent",
    );
    expect(await outboxSize()).toBe(sizeBefore + 2);
    // An operator with a password gets a reset link; an unknown address is not registered.
    await app.database.db
      .update(schema.users)
      .set({ passwordHash: "a-hash" })
      .where(eq(schema.users.id, other.supplier.id));
    expect(await sendForgottenPasswordLink(app.database.db, other.supplier.email, ORIGIN)).toBe("resetSent");
    expect(await sendForgottenPasswordLink(app.database.db, "nobody-at-all@example.com", ORIGIN)).toBe("notRegistered");
    // The same address again is refused on its field.
    const again = await post(suppliersAction as never, "/manage/suppliers", "admin", [
      ["name", "Twice"],
      ["email", invite[1]![1]],
      ["slug", "twice-over"],
    ]);
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain("manage:validation.emailTaken");
  });

  it("answers what does not exist with 404, never 500; keeps the platform's terms off a supplier's page; audits a resent link", async () => {
    const name = "0b7c1e0e-1111-4444-8888-123456789abc.webp";
    for (const folder of ["constructor", "__proto__", "toString", "avatars", "cars"])
      expect(
        (await get(uploadsLoader as never, `/uploads/${folder}/${name}`, "visitor", { folder, name })).status,
      ).toBe(404);
    const missing = "00000000-0000-4000-8000-000000000000";
    const unknownCountry = await post(countriesAction as never, "/manage/countries", "admin", [
      ["countryId", missing],
      ["code", "ZZ"],
      ["nameEn", "Z"],
      ["nameFr", "Z"],
      ["nameEs", "Z"],
    ]);
    expect(unknownCountry.status).toBe(404);
    const unblock = await post(
      carAction as never,
      `/manage/cars/${catalogue.car.id}`,
      "carSupplier",
      [[`row:unblock:${missing}`, "Back"]],
      {
        carId: catalogue.car.id,
      },
    );
    expect(unblock.status).toBe(404);

    const own = await get(supplierLoader as never, `/manage/suppliers/${catalogue.supplier.id}`, "carSupplier", {
      supplierId: catalogue.supplier.id,
    });
    const body = own.body as { defaults: Record<string, unknown>; trail: Array<{ changes: Record<string, unknown> }> };
    expect(body.defaults).not.toHaveProperty("markup");
    expect(body.defaults).not.toHaveProperty("maxCarsPerSearch");
    expect(body.trail.every((entry) => !("markupBasisPoints" in entry.changes))).toBe(true);

    const [unactivated] = await app.database.db
      .insert(schema.users)
      .values({ email: `unactivated-${Date.now()}@example.com`, fullName: "Not Yet", verified: false })
      .returning();
    expect(
      (await post(driversAction as never, "/manage/users", "admin", [[`row:resend:${unactivated!.id}`, "Send"]]))
        .status,
    ).toBe(302);
    const [entry] = await app.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.recordId, unactivated!.id));
    expect(entry).toMatchObject({ record: "driver", changes: { linkSent: { from: null, to: "activation" } } });
  });

  it("stops serving a replaced picture, logo or contract; serves a contract as a download", async () => {
    const upload = async (
      path: string,
      action: unknown,
      params: Record<string, string>,
      fields: FormData,
      who: Who = "carSupplier",
    ) => {
      const encoded = new Request(`${ORIGIN}${path}`, { method: "POST", body: fields });
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      const request = new Request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          ...headers(who),
          "Content-Type": encoded.headers.get("Content-Type")!,
          "Content-Length": String(bytes.length),
        },
        body: bytes,
      });
      return outcome(() => (action as (args: never) => Promise<unknown>)({ ...routeArgs(request), params } as never));
    };
    const served = (url: string) => {
      const [, folder, name] = url.split("/").slice(1);
      return get(uploadsLoader as never, url, "visitor", { folder: folder!, name: name! });
    };
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a7bd5" } })
      .png()
      .toBuffer();
    const carPath = `/manage/cars/${catalogue.car.id}`;
    const picture = () => {
      const fields = new FormData();
      fields.set("intent", "picture");
      fields.set("picture", new File([png], "car.png", { type: "image/png" }));
      return fields;
    };
    expect((await upload(carPath, carAction, { carId: catalogue.car.id }, picture())).status).toBe(302);
    const first = (await carRow(catalogue.car.id))!.image!;
    expect((await served(first)).status).toBe(200);
    expect((await upload(carPath, carAction, { carId: catalogue.car.id }, picture())).status).toBe(302);
    const second = (await carRow(catalogue.car.id))!.image!;
    expect(second).not.toBe(first);
    expect((await served(first)).status).toBe(404);
    expect((await served(second)).status).toBe(200);

    const supplierPath = `/manage/suppliers/${catalogue.supplier.id}`;
    const contract = (text: string) => {
      const fields = new FormData();
      fields.set("intent", "contract");
      fields.set("language", "fr");
      fields.set("contract", new File([`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\n%%EOF\n`], "c.pdf"));
      return fields;
    };
    const contractOf = async () =>
      (
        await app.database.db
          .select({ contracts: schema.supplierSettings.contracts })
          .from(schema.supplierSettings)
          .where(eq(schema.supplierSettings.supplierId, catalogue.supplier.id))
      )[0]!.contracts.fr!;
    const params = { supplierId: catalogue.supplier.id };
    expect((await upload(supplierPath, supplierAction, params, contract("first"))).status).toBe(302);
    const firstContract = await contractOf();
    const [, , contractName] = firstContract.split("/").slice(1);
    const download = (await uploadsLoader({
      ...routeArgs(new Request(`${ORIGIN}${firstContract}`)),
      params: { folder: "contracts", name: contractName! },
    } as never)) as Response;
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment/);
    expect(download.headers.get("Cache-Control")).not.toContain("immutable");
    expect((await upload(supplierPath, supplierAction, params, contract("second"))).status).toBe(302);
    expect((await served(firstContract)).status).toBe(404);
    expect((await served(await contractOf())).status).toBe(200);
    // A contract that would run a script is refused, and the one in place stays.
    const scripted = contract("x");
    scripted.set(
      "contract",
      new File(["%PDF-1.4\n1 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj\n%%EOF\n"], "c.pdf"),
    );
    const refused = await upload(supplierPath, supplierAction, params, scripted);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("validation.pdfActiveContent");
    expect((await served(await contractOf())).status).toBe(200);

    // An admin puts a picture on a place (public, like a car's), replaces and removes it; a supplier cannot.
    const placePath = `/manage/places/${catalogue.location.id}`;
    const place = { placeId: catalogue.location.id };
    const placePicture = (intent = "picture") => {
      const fields = new FormData();
      fields.set("intent", intent);
      fields.set("picture", new File([png], "desk.png", { type: "image/png" }));
      return fields;
    };
    const placeImage = async () =>
      (
        await app.database.db
          .select({ image: schema.locations.image })
          .from(schema.locations)
          .where(eq(schema.locations.id, catalogue.location.id))
      )[0]!.image;
    expect((await upload(placePath, placeAction, place, placePicture(), "carSupplier")).status).toBe(403);
    expect(await placeImage()).toBeNull();
    const notPicture = new FormData();
    notPicture.set("intent", "picture");
    notPicture.set("picture", new File(["%PDF-1.4\n%%EOF\n"], "desk.pdf"));
    const refusedPicture = await upload(placePath, placeAction, place, notPicture, "admin");
    expect(refusedPicture.status).toBe(400);
    expect(JSON.stringify(refusedPicture.body)).toContain("validation.imageType");
    expect((await upload(placePath, placeAction, place, placePicture(), "admin")).status).toBe(302);
    const firstPlaceImage = (await placeImage())!;
    expect(firstPlaceImage).toMatch(/^\/uploads\/places\//);
    expect((await served(firstPlaceImage)).status).toBe(200);
    expect((await upload(placePath, placeAction, place, placePicture(), "admin")).status).toBe(302);
    expect((await served(firstPlaceImage)).status).toBe(404);
    const secondPlaceImage = (await placeImage())!;
    expect((await upload(placePath, placeAction, place, placePicture("removePicture"), "admin")).status).toBe(302);
    expect(await placeImage()).toBeNull();
    expect((await served(secondPlaceImage)).status).toBe(404);

    // An admin puts a licence on a person's account, replaces it and removes it: checked like the driver's own
    // upload, the replaced file deleted, each step on the account's trail. A supplier cannot.
    const driverPage = `/manage/users/${catalogue.driver.id}`;
    const person = { userId: catalogue.driver.id };
    const licence = (file: File, intent = "licence") => {
      const fields = new FormData();
      fields.set("intent", intent);
      fields.set("file", file);
      return fields;
    };
    const licenceOf = async () =>
      (
        await app.database.db
          .select({ licence: schema.users.driverLicense })
          .from(schema.users)
          .where(eq(schema.users.id, catalogue.driver.id))
      )[0]!.licence;
    const pngLicence = () => new File([png], "licence.png", { type: "image/png" });
    expect([302, 403]).toContain(
      (await upload(driverPage, personAction, person, licence(pngLicence()), "carSupplier")).status,
    );
    expect(await licenceOf()).toBeNull();
    const wrongType = await upload(
      driverPage,
      personAction,
      person,
      licence(new File(["just text"], "licence.txt")),
      "admin",
    );
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.body)).toContain("validation.licenseType");
    expect((await upload(driverPage, personAction, person, licence(pngLicence()), "admin")).status).toBe(302);
    const firstLicence = (await licenceOf())!;
    expect((await get(licenceLoader as never, `${driverPage}/licence`, "admin", person)).status).toBe(200);
    expect((await upload(driverPage, personAction, person, licence(pngLicence()), "admin")).status).toBe(302);
    expect(await licenceOf()).not.toBe(firstLicence);
    expect(await readStoredUpload("license", firstLicence)).toBeNull();
    const removed = await upload(driverPage, personAction, person, licence(pngLicence(), "removeLicence"), "admin");
    expect(removed.status).toBe(302);
    expect(await licenceOf()).toBeNull();
    const licenceTrail = await app.database.db
      .select({ changes: schema.auditLog.changes })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.recordId, catalogue.driver.id), eq(schema.auditLog.record, "driver")))
      .orderBy(asc(schema.auditLog.createdAt));
    expect(licenceTrail.map((entry) => entry.changes).filter((changes) => "licence" in changes)).toEqual([
      { licence: { from: "none", to: "onFile" } },
      { licence: { from: "onFile", to: "replaced" } },
      { licence: { from: "onFile", to: "none" } },
    ]);
  });

  it("lets a supplier record hand-overs and returns of its own bookings only, at the desk", async () => {
    const db = app.database.db;
    const [booking] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-10-01T08:00:00Z", "2031-10-02T08:00:00Z", "paid"))
      .returning();
    const handover: Array<[string, string]> = [
      ["booking", booking!.id],
      ["kind", "handover"],
      ["mileage", "4200"],
      ["fuelEighths", "8"],
    ];
    expect((await post(deskAction as never, "/manage/desk", "otherSupplier", handover)).status).toBe(404);
    expect((await post(deskAction as never, "/manage/desk", "driver", handover)).status).toBe(403);
    expect((await post(deskAction as never, "/manage/desk", "visitor", handover)).status).toBe(302);
    expect(await db.select().from(schema.bookingEvents).where(eq(schema.bookingEvents.bookingId, booking!.id))).toEqual(
      [],
    );
    const bad = await post(deskAction as never, "/manage/desk", "carSupplier", [
      ...handover.slice(0, 2),
      ["mileage", "-5"],
      ["fuelEighths", "8"],
    ]);
    expect(bad.status).toBe(400);
    // Posted from a day's page, which names its day by date: back to that day, whatever the clock says by now.
    const recorded = await post(
      deskAction as never,
      `/manage/desk?place=${catalogue.location.slug}&day=2031-10-01`,
      "carSupplier",
      handover,
    );
    expect(recorded.status).toBe(302);
    expect(recorded.location).toBe(`/manage/desk?place=${catalogue.location.slug}&day=2031-10-01`);
    expect(
      await db.select().from(schema.bookingEvents).where(eq(schema.bookingEvents.bookingId, booking!.id)),
    ).toMatchObject([{ kind: "handover", mileage: 4200, fuelEighths: 8 }]);
    // A day asked by its date lists that day's pick-ups; a date that is none is today.
    const dated = await get(deskLoader as never, recorded.location!, "carSupplier");
    expect(dated.body).toMatchObject({ which: "date", day: "2031-10-01" });
    expect(
      (dated.body as { list: { pickups: Array<{ bookingId: string }> } }).list.pickups.map((stop) => stop.bookingId),
    ).toEqual([booking!.id]);
    const nonsense = await get(
      deskLoader as never,
      `/manage/desk?place=${catalogue.location.slug}&day=2031-13-45`,
      "carSupplier",
    );
    expect(nonsense.body).toMatchObject({ which: "today" });
    // The desk page lists a supplier's own bookings at its places only.
    expect((await get(deskLoader as never, "/manage/desk", "driver")).status).toBe(403);
    const page = await get(deskLoader as never, `/manage/desk?place=${other.location.slug}`, "carSupplier");
    expect((page.body as { place: { slug: string } | null }).place?.slug).not.toBe(other.location.slug);
  });

  it("shows a supplier's calendar with its own cars only, whatever it asks for; refuses a driver", async () => {
    expect((await get(calendarLoader as never, "/manage/calendar", "driver")).status).toBe(403);
    expect((await get(calendarLoader as never, "/manage/calendar", "visitor")).status).toBe(302);
    const ids = async (who: Who, query: string) =>
      (
        (await get(calendarLoader as never, `/manage/calendar${query}`, who)).body as {
          calendar: { rows: Array<{ id: string }> };
        }
      ).calendar.rows.map((row) => row.id);
    expect(await ids("otherSupplier", `?place=${catalogue.location.slug}&week=2031-03-01`)).not.toContain(
      catalogue.car.id,
    );
    expect(await ids("carSupplier", "?week=not-a-day")).toContain(catalogue.car.id);
    expect(await ids("admin", "?week=2031-03-01")).toEqual(expect.arrayContaining([catalogue.car.id, other.car.id]));
    // An admin chooses the supplier; a supplier asking for another's gets its own fleet still.
    const chosen = await ids("admin", `?week=2031-03-01&supplier=${other.supplier.id}`);
    expect(chosen).toContain(other.car.id);
    expect(chosen).not.toContain(catalogue.car.id);
    expect(await ids("carSupplier", `?week=2031-03-01&supplier=${other.supplier.id}`)).not.toContain(other.car.id);
  });

  it("keeps a booking's staff page, its changes, status and cancellation to its own supplier and admins", async () => {
    const db = app.database.db;
    const [booking] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-11-03T08:00:00Z", "2031-11-04T08:00:00Z", "pending"))
      .returning();
    const path = `/manage/bookings/${booking!.id}`;
    const params = { bookingId: booking!.id };
    expect((await get(staffBookingLoader as never, path, "visitor", params)).status).toBe(302);
    expect((await get(staffBookingLoader as never, path, "driver", params)).status).toBe(403);
    expect((await get(staffBookingLoader as never, path, "otherSupplier", params)).status).toBe(404);
    expect((await get(staffBookingLoader as never, path, "carSupplier", params)).status).toBe(200);
    expect((await get(staffBookingLoader as never, path, "admin", params)).status).toBe(200);
    expect(
      (await get(staffBookingLoader as never, "/manage/bookings/nope", "admin", { bookingId: "nope" })).status,
    ).toBe(404);
    const page = (await get(staffBookingLoader as never, path, "carSupplier", params)).body as {
      view: { version: string };
    };
    const change: Array<[string, string]> = [
      ["intent:save", "Save"],
      ["car", catalogue.car.id],
      ["pickup", catalogue.location.slug],
      ["dropoff", ""],
      ["from", "2031-11-03T13:00"],
      ["to", "2031-11-06T13:00"],
      ["version", page.view.version],
    ];
    // The total as the page previews it (whatever the car costs by now), then saved at it.
    const previewed = await post(
      staffBookingAction as never,
      path,
      "carSupplier",
      [["intent:preview", "Update total"], ...change.slice(1)],
      params,
    );
    const after = (previewed.body as { preview: { after: number } }).preview.after;
    change.push(["quoted", String(after)]);
    const attempts: Array<[(args: never) => Promise<unknown>, Array<[string, string]>]> = [
      [staffBookingAction as never, change],
      [
        staffBookingAction as never,
        [
          ["intent:setStatus", "Set"],
          ["status", "reserved"],
        ],
      ],
      [
        staffBookingAction as never,
        [
          ["intent:confirmCancel", "Yes, cancel the booking"],
          ["by", "supplier"],
        ],
      ],
    ];
    for (const [action, fields] of attempts) {
      expect((await post(action, path, "otherSupplier", fields, params)).status).toBe(404);
      expect((await post(action, path, "driver", fields, params)).status).toBe(403);
      expect((await post(action, path, "visitor", fields, params)).status).toBe(302);
    }
    const unchanged = (await db.select().from(schema.bookings).where(eq(schema.bookings.id, booking!.id)))[0]!;
    expect(unchanged).toMatchObject({ status: "pending", endsAt: booking!.endsAt, totalPrice: booking!.totalPrice });
    // Its own supplier changes it at the total it previewed (the place opens at noon: decision 027 test above).
    expect((await post(staffBookingAction as never, path, "carSupplier", change, params)).status).toBe(302);
    const changed = (await db.select().from(schema.bookings).where(eq(schema.bookings.id, booking!.id)))[0]!;
    expect(changed).toMatchObject({ days: 3, totalPrice: after });
    // A save from the page as it was before (its version) changes nothing more.
    const stale = await post(staffBookingAction as never, path, "admin", change, params);
    expect(stale.status).toBe(409);
    // The first cancel post only asks to confirm what it will do (issue 50, point 4): nothing is cancelled yet.
    const asked = await post(
      staffBookingAction as never,
      path,
      "admin",
      [
        ["intent:cancel", "Cancel"],
        ["by", "supplier"],
      ],
      params,
    );
    expect(asked).toMatchObject({ status: 200, body: { form: "cancelConfirm", by: "supplier" } });
    expect((await db.select().from(schema.bookings).where(eq(schema.bookings.id, booking!.id)))[0]!.status).not.toBe(
      "cancelled",
    );
    expect(
      (
        await post(
          staffBookingAction as never,
          path,
          "admin",
          [
            ["intent:confirmCancel", "Yes, cancel the booking"],
            ["by", "supplier"],
          ],
          params,
        )
      ).status,
    ).toBe(302);
    expect((await db.select().from(schema.bookings).where(eq(schema.bookings.id, booking!.id)))[0]).toMatchObject({
      status: "cancelled",
    });
    const trail = await db.select().from(schema.auditLog).where(eq(schema.auditLog.recordId, booking!.id));
    expect(trail.map((row) => row.action).sort()).toEqual(["cancel", "update"]);
  });

  it("takes a booking for a customer with the operator's own cars only; a driver cannot", async () => {
    const search = `/manage/bookings/new?pickup=${catalogue.location.slug}&from=2031-12-01T13:00&to=2031-12-03T13:00`;
    expect((await get(phoneBookingLoader as never, search, "driver")).status).toBe(403);
    expect((await get(phoneBookingLoader as never, search, "visitor")).status).toBe(302);
    const offers = async (who: Who) =>
      ((await get(phoneBookingLoader as never, search, who)).body as { offers: Array<{ id: string }> | null }).offers ??
      [];
    expect((await offers("carSupplier")).map((offer) => offer.id)).toContain(catalogue.car.id);
    expect((await offers("otherSupplier")).map((offer) => offer.id)).not.toContain(catalogue.car.id);
    const order = (car: string): Array<[string, string]> => [
      ["intent:save", "Book"],
      ["car", car],
      ["pickup", catalogue.location.slug],
      ["dropoff", ""],
      ["from", "2031-12-01T13:00"],
      ["to", "2031-12-03T13:00"],
      ["email", "phone.customer@example.com"],
      ["fullName", "Phone Customer"],
      ["phone", "+216 20 000 999"],
      ["birthDate", "1980-01-01"],
      ["payment", "counter"],
      ["currency", "USD"],
    ];
    const before = (await app.database.db.select().from(schema.bookings)).length;
    expect((await post(phoneBookingAction as never, search, "driver", order(catalogue.car.id))).status).toBe(403);
    const foreign = await post(phoneBookingAction as never, search, "otherSupplier", order(catalogue.car.id));
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).toContain("carNotFound");
    expect((await app.database.db.select().from(schema.bookings)).length).toBe(before);
    const previewed = await post(phoneBookingAction as never, search, "carSupplier", [
      ["intent:preview", "Update total"],
      ...order(catalogue.car.id).slice(1),
    ]);
    const { total } = (previewed.body as { preview: { total: number } }).preview;
    // Not booked at a total the page never showed.
    const unseen = await post(phoneBookingAction as never, search, "carSupplier", [
      ...order(catalogue.car.id),
      ["quoted", `${total + 1} USD`],
    ]);
    expect(unseen.status).toBe(200);
    expect((await app.database.db.select().from(schema.bookings)).length).toBe(before);
    const taken = await post(phoneBookingAction as never, search, "carSupplier", [
      ...order(catalogue.car.id),
      ["quoted", `${total} USD`],
    ]);
    expect(taken.status).toBe(302);
    expect(taken.location).toMatch(/^\/manage\/bookings\/[0-9a-f-]{36}$/);
  });

  it("answers an unknown payment link with 404, never a 500", async () => {
    for (const token of ["x", "A".repeat(32), "../../etc/passwd"]) {
      expect((await get(payLoader as never, `/pay/${token}`, "visitor", { token })).status).toBe(404);
      expect(
        (await post(payAction as never, `/pay/${token}`, "visitor", [["gateway", "sandbox"]], { token })).status,
      ).toBe(404);
    }
  });

  it("finds a booking by its driver's name, e-mail, phone or plate in the operator's own scope; exports it; refuses a driver", async () => {
    const db = app.database.db;
    await db
      .update(schema.users)
      .set({ fullName: "Youssef Findme", phone: "+216 20 987 654" })
      .where(eq(schema.users.id, catalogue.driver.id));
    await db.insert(schema.bookings).values(bookingValues(other, "2031-05-01T10:00:00Z", "2031-05-04T10:00:00Z"));
    const rows = async (who: Who, q: string) => {
      const answer = await get(bookingsLoader as never, `/manage/bookings?q=${encodeURIComponent(q)}`, who);
      expect(answer.status).toBe(200);
      return (answer.body as { list: { rows: Array<{ id: string; reference: string; plate: string }> } }).list.rows;
    };
    // The plate as it is now (an earlier test changes the car).
    const plate = (await carRow(catalogue.car.id))!.licensePlate;
    for (const q of ["youssef", catalogue.driver.email.toUpperCase(), "20987654", plate]) {
      expect((await rows("carSupplier", q)).length, q).toBeGreaterThan(0);
      // Another supplier finds none of them: its scope is its own.
      expect(await rows("otherSupplier", q), q).toEqual([]);
      expect((await rows("admin", q)).length, q).toBeGreaterThan(0);
    }
    expect((await get(bookingsLoader as never, "/manage/bookings", "visitor")).status).toBe(302);
    expect((await get(bookingsLoader as never, "/manage/bookings", "driver")).status).toBe(403);
    const csv = (await bookingsExportLoader({
      ...routeArgs(new Request(`${ORIGIN}/manage/bookings/export?q=youssef`, { headers: headers("carSupplier") })),
      params: {},
    } as never)) as Response;
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(/^reference,status,rental,driver,email,phone,/);
    // Every row is the driver's; the phone, which begins with "+", is kept from running as a formula.
    expect(lines.slice(1).every((line) => line.includes("Youssef Findme") && line.includes("'+216 20 987 654"))).toBe(
      true,
    );
    expect(lines.length).toBeGreaterThan(1);
    expect((await get(bookingsExportLoader as never, "/manage/bookings/export", "driver")).status).toBe(403);
  });

  it("orders the list as asked, page after page; sets a status on ticked bookings once confirmed, its own only", async () => {
    const db = app.database.db;
    const { id: _id, rateFloor1: _1, rateFloor3: _3, rateFloor7: _7, rateFloor30: _30, ...template } = catalogue.car;
    const spare = await db
      .insert(schema.cars)
      .values([1, 2, 3].map((n) => ({ ...template, licensePlate: `ORDER-${n}-${Date.now()}` })))
      .returning({ id: schema.cars.id });
    // Picked up in one order, returned in another: A (Mar 2-9), B (Mar 3-5), C (Mar 4-6).
    const made = await db
      .insert(schema.bookings)
      .values([
        { ...bookingValues(catalogue, "2032-03-02T10:00:00Z", "2032-03-09T10:00:00Z"), carId: spare[0]!.id },
        { ...bookingValues(catalogue, "2032-03-03T10:00:00Z", "2032-03-05T10:00:00Z"), carId: spare[1]!.id },
        {
          ...bookingValues(catalogue, "2032-03-04T10:00:00Z", "2032-03-06T10:00:00Z", "cancelled"),
          carId: spare[2]!.id,
        },
      ])
      .returning({ id: schema.bookings.id, status: schema.bookings.status });
    const [a, b, c] = made.map((row) => row.id);
    const listed = async (sort: string) => {
      const answer = await get(
        bookingsLoader as never,
        `/manage/bookings?from=2032-03-01&to=2032-03-31&sort=${sort}`,
        "carSupplier",
      );
      const { rows } = (answer.body as { list: { rows: Array<{ id: string }> } }).list;
      return rows.map((row) => row.id).filter((id) => made.some((row) => row.id === id));
    };
    // One a page: the keyset cursor carries each order from page to page.
    const paged = async (sort: string) => {
      const viewer = { id: catalogue.supplier.id, role: "supplier" as const, supplierId: catalogue.supplier.id };
      const ids: string[] = [];
      let after: string | undefined;
      for (let page = 0; page < 10; page++) {
        const query = parseStaffBookingQuery(new URLSearchParams({ from: "2032-03-01", to: "2032-03-31", sort }));
        const list = await searchStaffBookings(db, viewer, { ...query, after }, "en", new Date(), 1);
        ids.push(...list.rows.map((row) => row.id));
        if (!list.next) break;
        after = list.next;
      }
      return ids.filter((id) => made.some((row) => row.id === id));
    };
    for (const [sort, order] of [
      ["pickupDesc", [c, b, a]],
      ["pickupAsc", [a, b, c]],
      ["returnAsc", [b, c, a]],
    ] as const) {
      expect(await listed(sort), sort).toEqual(order);
      expect(await paged(sort), sort).toEqual(order);
    }

    // Found by its reference as the pages print it (the first eight hex digits, upper case), by its own supplier only.
    const byReference = async (who: Who) =>
      (
        (await get(bookingsLoader as never, `/manage/bookings?q=${bookingReference(b!)}`, who)).body as {
          list: { rows: Array<{ id: string }> };
        }
      ).list.rows.map((row) => row.id);
    expect(await byReference("carSupplier")).toEqual([b]);
    expect(await byReference("otherSupplier")).toEqual([]);
    const ask = (who: Who, fields: Array<[string, string]>) =>
      post(bookingsAction as never, "/manage/bookings", who, [["query", "sort=returnAsc"], ...fields]);
    const ticked: Array<[string, string]> = [
      ["status", "reserved"],
      ["id", a!],
      ["id", b!],
      ["id", c!],
    ];
    // Nothing ticked, or no status: said, nothing changes.
    expect((await ask("carSupplier", [["status", "reserved"]])).body).toMatchObject({
      problem: "manage:bookingsList.bulk.chooseBookings",
    });
    expect((await ask("carSupplier", [["id", a!]])).body).toMatchObject({
      problem: "manage:bookingsList.bulk.chooseStatus",
    });
    // The first post asks, naming each booking and what it would do; nothing changes yet.
    const first = await ask("carSupplier", ticked);
    const confirm = (first.body as { confirm: { items: Array<{ id: string; verdict: string }> } }).confirm;
    expect(confirm.items.map((item) => [item.id, item.verdict])).toEqual([
      [a, "allowed"],
      [b, "allowed"],
      [c, "allowed"],
    ]);
    const statuses = async () =>
      (
        await db
          .select()
          .from(schema.bookings)
          .where(inArray(schema.bookings.id, [a!, b!, c!]))
      )
        .map((row) => row.status)
        .sort();
    expect(await statuses()).toEqual(["cancelled", "pending", "pending"]);
    // Another supplier sees none of them; a driver is refused.
    expect((await ask("otherSupplier", ticked)).status).toBe(409);
    expect((await ask("driver", ticked)).status).toBe(403);
    expect((await ask("otherSupplier", [...ticked, ["confirmed", "Set"]])).status).toBe(302);
    expect(await statuses()).toEqual(["cancelled", "pending", "pending"]);
    // Confirmed: each set through the booking page's own step (audited, the driver notified), back to the list.
    const done = await ask("carSupplier", [...ticked, ["confirmed", "Set 3 bookings"]]);
    expect(done).toMatchObject({ status: 302, location: "/manage/bookings?sort=returnAsc" });
    expect(await statuses()).toEqual(["reserved", "reserved", "reserved"]);
    const trail = await db
      .select()
      .from(schema.auditLog)
      .where(inArray(schema.auditLog.recordId, [a!, b!, c!]));
    expect(trail).toHaveLength(3);
    // Once reserved, the same post would change nothing, and says so.
    expect((await ask("carSupplier", ticked)).status).toBe(409);
  });
});
