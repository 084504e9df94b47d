/**
 * The desk-hours rule where the server applies it (decision 024): the search, the checkout and an amendment refuse
 * a pick-up or drop-off when the place's desk is closed, naming its hours that day; within them, they go ahead
 * and the page gets the desk to show.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { amendBooking } from "~/models/booking/booking-amend.server";
import { resolveCheckout } from "~/models/checkout/checkout-offer.server";
import { readCheckoutLink } from "~/models/navigation/links";
import type { WeeklyHours } from "~/domain/pickup-desk";
import { loadSearch } from "~/models/search/search-page.server";
import { freeCarsForStaff } from "~/models/booking/staff/free-cars.server";
import { quoteStaffRental } from "~/models/booking/staff/staff-bookings.server";

const NOW = new Date("2030-01-15T12:00:00Z");
// Monday to Saturday 08:00–19:00, closed on Sunday. 2030-02-04 is a Monday, 2030-02-10 a Sunday.
const HOURS: WeeklyHours = [...Array.from({ length: 6 }, () => ["08:00", "19:00"] as const), null];

describe.each(testEngines)("the desks' hours on the server (%s)", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    await database.db
      .update(schema.locations)
      .set({
        address: "45 Avenue Habib Bourguiba",
        deskKind: "cityOffice",
        phone: "+216 71 340 100",
        openingHours: HOURS,
      })
      .where(eq(schema.locations.id, catalogue.location.id));
  });
  afterAll(() => database?.destroy());

  const search = (from: string, to: string, language: "en" | "fr" = "en") =>
    loadSearch(database.db, {
      query: new URLSearchParams({ pickup: catalogue.location.slug, from, to }),
      language,
      pricing: { currency: "USD", rate: 1, ratesAsOf: null },
      now: NOW,
    });

  it("a search refuses a 03:00 pick-up and a Sunday drop-off, naming the place, the day and the hours", async () => {
    const page = await search("2030-02-04T03:00", "2030-02-10T10:00");
    expect(page.results).toBeNull();
    expect(page.errors).toEqual({
      from: { key: "validation.pickupOutsideHours", params: { place: "Tunis", day: "Monday", hours: "08:00–19:00" } },
      to: { key: "validation.dropoffDeskClosed", params: { place: "Tunis", day: "Sunday", hours: "" } },
    });
    // In the reader's language.
    expect((await search("2030-02-04T03:00", "2030-02-07T10:00", "fr")).errors.from!.params).toMatchObject({
      day: "lundi",
    });
  });

  it("a search within the hours finds the car and shows the desk", async () => {
    const page = await search("2030-02-04T08:00", "2030-02-07T19:00");
    expect(page.errors).toEqual({});
    expect(page.results!.total).toBe(1);
    expect(page.deskStops).toEqual([
      {
        role: "pickup",
        at: "2030-02-04T08:00",
        desk: {
          place: "Tunis",
          kind: "cityOffice",
          address: "45 Avenue Habib Bourguiba",
          phone: "+216 71 340 100",
          hours: [...Array.from({ length: 6 }, () => "08:00–19:00"), null],
          image: null,
        },
      },
    ]);
  });

  it("a checkout link with a time the desk is closed is refused, whatever the search said", async () => {
    const resolve = (from: string, to: string) =>
      resolveCheckout(
        database.db,
        readCheckoutLink(new URLSearchParams({ car: catalogue.car.id, pickup: catalogue.location.slug, from, to })),
        { language: "en", now: NOW },
      );
    expect(await resolve("2030-02-04T03:00", "2030-02-07T10:00")).toEqual({
      ok: false,
      problem: {
        key: "common:validation.pickupOutsideHours",
        params: { place: "Tunis", day: "Monday", hours: "08:00–19:00" },
      },
    });
    expect((await resolve("2030-02-04T10:00", "2030-02-07T10:00")).ok).toBe(true);
  });

  it("an amendment to a time the desk is closed is refused and changes nothing", async () => {
    const [booking] = await database.db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2030-03-04T09:00:00Z", "2030-03-05T09:00:00Z", "pending"))
      .returning();
    const result = await amendBooking(
      database.db,
      { id: catalogue.driver.id, role: "user" },
      booking!.id,
      {
        link: {
          car: catalogue.car.id,
          pickup: catalogue.location.slug,
          dropoff: catalogue.location.slug,
          from: "2030-03-04T10:00",
          to: "2030-03-05T22:00",
        },
        extras: [],
      },
      "en",
      NOW,
      "http://localhost",
    );
    expect(result).toEqual({
      ok: false,
      error: "common:validation.dropoffOutsideHours",
      params: { place: "Tunis", day: "Tuesday", hours: "08:00–19:00" },
    });
    const [kept] = await database.db.select().from(schema.bookings).where(eq(schema.bookings.id, booking!.id));
    expect(kept!.endsAt).toEqual(new Date("2030-03-05T09:00:00Z"));
  });

  it("the driver's checkout, the staff's phone quote and the staff's free-car list refuse one rental for one reason", async () => {
    const rental = { pickup: catalogue.location.slug, dropoff: "", from: "2030-02-04T03:00", to: "2030-02-07T10:00" };
    const closed = {
      ok: false,
      problem: {
        key: "common:validation.pickupOutsideHours",
        params: { place: "Tunis", day: "Monday", hours: "08:00–19:00" },
      },
    };
    const context = { language: "en" as const, now: NOW };
    expect(await resolveCheckout(database.db, { ...rental, car: catalogue.car.id }, context)).toEqual(closed);
    expect(
      await quoteStaffRental(
        database.db,
        {
          ...rental,
          car: catalogue.car.id,
          extras: [],
          equipment: { counts: {}, malformed: false },
          additionalDrivers: [],
          flightNumber: "",
        },
        { ...context, supplierId: catalogue.supplier.id, driverBirthDate: "1980-01-01" },
      ),
    ).toEqual(closed);
    // The free-car list skipped the desk's hours before the pipeline was one (issue 49).
    expect(await freeCarsForStaff(database.db, { ...rental, supplierId: catalogue.supplier.id }, context)).toEqual(
      closed,
    );
    const open = await freeCarsForStaff(
      database.db,
      { ...rental, from: "2030-02-04T10:00", supplierId: catalogue.supplier.id },
      context,
    );
    expect(open).toMatchObject({ ok: true, offers: [{ id: catalogue.car.id }], more: false });
  });
});
