import { parseWithZod } from "@conform-to/zod";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { EXTRAS } from "~/domain/enums";
import { freeDuring } from "~/models/search/offer-conditions.server";
import { bookingReference } from "~/models/booking/booking";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { recordTrail, type Actor } from "~/models/audit/audit.server";
import { blockFormSchema } from "./block-form";
import { addBlock, removeBlock } from "./blocks.server";
import { carFormSchema, type CarFormValue } from "./car-form";
import { bookingsToComeOnCar, findFleetCar, listFleet, placeChoices, removeCar, saveCar } from "./fleet.server";
import { readFleetQuery } from "./fleet-query";

function carForm(overrides: Record<string, string | string[]> = {}): CarFormValue {
  const data = new FormData();
  const fields: Record<string, string | string[]> = {
    name: "Peugeot 208",
    licensePlate: "TN-208",
    range: "midi",
    fuelType: "gasoline",
    gearbox: "manual",
    seats: "5",
    doors: "4",
    fuelPolicy: "likeForLike",
    minimumAge: "21",
    deposit: "300",
    damageExcess: "900",
    largeBags: "2",
    smallBags: "2",
    theftExcess: "1200",
    dailyPrice: "33",
    available: "on",
    ...Object.fromEntries(EXTRAS.map((extra) => [`${extra}Mode`, "notOffered"])),
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  const submission = parseWithZod(data, { schema: carFormSchema });
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.reply().error));
  return submission.value;
}

const block = (from: string, to: string) => {
  const parsed = blockFormSchema("Africa/Tunis").safeParse({ from, to, reason: "repair", note: "Gearbox" });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
};

describe.each(testEngines)("the fleet as operators run it, on %s", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let actor: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    actor = { id: catalogue.supplier.id, role: "supplier", fullName: "Supplier" };
  });
  afterAll(() => database?.destroy());

  it("adds a car with its places and date-based prices, records it, and changes only what changed", async () => {
    const { db } = database;
    const created = await saveCar(db, actor, {
      carId: null,
      supplierId: catalogue.supplier.id,
      form: carForm({
        "datePrices[0].from": "2031-07-01",
        "datePrices[0].to": "2031-07-31",
        "datePrices[0].price": "55",
      }),
      placeIds: [catalogue.location.id],
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const car = await findFleetCar(db, created.carId, new Date());
    expect(car).toMatchObject({
      name: "Peugeot 208",
      licensePlate: "TN-208",
      dailyPrice: 3300,
      isDateBasedPrice: true,
    });
    expect(car!.places.map((place) => place.id)).toEqual([catalogue.location.id]);
    expect(car!.datePrices).toEqual([{ startDate: "2031-07-01", endDate: "2031-07-31", dailyPrice: 5500 }]);

    await saveCar(db, actor, {
      carId: created.carId,
      supplierId: catalogue.supplier.id,
      form: carForm({ dailyPrice: "36" }),
      placeIds: [catalogue.location.id],
    });
    const trail = await recordTrail(db, "car", created.carId);
    expect(trail.map((entry) => entry.action)).toEqual(["update", "create"]);
    // The change names each field from and to: the price, and the date-based prices it dropped.
    expect(trail[0]!.changes).toEqual({
      dailyPrice: { from: 3300, to: 3600 },
      isDateBasedPrice: { from: true, to: false },
      datePrices: { from: ["2031-07-01..2031-07-31: 5500"], to: [] },
    });
    expect(trail[0]!.actorName).toBe("Supplier");
  });

  it("answers a plate already used by the supplier on its field, and needs a place", async () => {
    const { db } = database;
    const duplicate = await saveCar(db, actor, {
      carId: null,
      supplierId: catalogue.supplier.id,
      form: carForm({ licensePlate: "tn 208".replace(" ", "-") }),
      placeIds: [catalogue.location.id],
    });
    expect(duplicate).toEqual({ ok: false, field: "licensePlate", message: "manage:validation.plateTaken" });
    const nowhere = await saveCar(db, actor, {
      carId: null,
      supplierId: catalogue.supplier.id,
      form: carForm({ licensePlate: "NOWHERE-1" }),
      placeIds: [],
    });
    expect(nowhere).toMatchObject({ ok: false, field: "places" });
  });

  it("keeps a booking's price when the car's price changes", async () => {
    const { db } = database;
    const [booking] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-05-01T10:00:00Z", "2031-05-02T10:00:00Z"))
      .returning();
    const saved = await saveCar(db, actor, {
      carId: catalogue.car.id,
      supplierId: catalogue.supplier.id,
      form: carForm({ name: catalogue.car.name, licensePlate: catalogue.car.licensePlate, dailyPrice: "99" }),
      placeIds: [catalogue.location.id],
    });
    expect(saved).toEqual({ ok: true, carId: catalogue.car.id });
    const [after] = await db.select().from(schema.bookings).where(eq(schema.bookings.id, booking!.id));
    expect(after).toMatchObject({ totalPrice: 4000, basePrice: 4000 });
    const [car] = await db.select().from(schema.cars).where(eq(schema.cars.id, catalogue.car.id));
    expect(car!.dailyPrice).toBe(9900);
  });

  it("refuses a block over a booking, naming it; a blocked car is not free for the period; removing the block frees it", async () => {
    const { db } = database;
    const [booking] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-08-10T10:00:00Z", "2031-08-12T10:00:00Z", "paid"))
      .returning();
    const car = { id: catalogue.car.id, supplierId: catalogue.supplier.id, name: "Test Car", licensePlate: "T" };
    expect(await addBlock(db, actor, car, block("2031-08-11T08:00", "2031-08-20T08:00"))).toEqual({
      ok: false,
      reason: "bookings",
      references: [bookingReference(booking!.id)],
    });
    const added = await addBlock(db, actor, car, block("2031-08-14T08:00", "2031-08-20T08:00"));
    expect(added.ok).toBe(true);
    expect(await addBlock(db, actor, car, block("2031-08-19T08:00", "2031-08-22T08:00"))).toEqual({
      ok: false,
      reason: "blocked",
    });
    const free = async (from: string, to: string) =>
      (
        await db
          .select({ id: schema.cars.id })
          .from(schema.cars)
          .where(and(eq(schema.cars.id, catalogue.car.id), freeDuring(new Date(from), new Date(to))))
      ).length === 1;
    expect(await free("2031-08-15T10:00:00Z", "2031-08-16T10:00:00Z")).toBe(false);
    expect(await free("2031-08-21T10:00:00Z", "2031-08-23T10:00:00Z")).toBe(true);
    // A booking into the block is refused by the database itself.
    await expect(
      db.insert(schema.bookings).values(bookingValues(catalogue, "2031-08-15T10:00:00Z", "2031-08-16T10:00:00Z")),
    ).rejects.toThrow();
    expect(await removeBlock(db, actor, car, added.ok ? added.blockId : "")).toBe(true);
    expect(await free("2031-08-15T10:00:00Z", "2031-08-16T10:00:00Z")).toBe(true);
    const trail = await recordTrail(db, "car", catalogue.car.id);
    expect(trail.slice(0, 2).map((entry) => entry.action)).toEqual(["unblock", "block"]);
  });

  it("keeps one of 20 overlapping blocks posted at once, and one of 10 overlapping bookings and blocks at once", async () => {
    const { db } = database;
    const car = { id: catalogue.car.id, supplierId: catalogue.supplier.id, name: "Test Car", licensePlate: "T" };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        addBlock(
          db,
          actor,
          car,
          block(`2031-11-${String(1 + (index % 5)).padStart(2, "0")}T08:00`, "2031-11-10T08:00"),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(
      outcomes.filter((outcome) => !outcome.ok).every((outcome) => !outcome.ok && outcome.reason === "blocked"),
    ).toBe(true);
    const mixed = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        index % 2
          ? addBlock(db, actor, car, block("2031-12-01T08:00", "2031-12-05T08:00")).then((outcome) => {
              if (!outcome.ok) throw new Error("refused");
            })
          : db
              .insert(schema.bookings)
              .values(bookingValues(catalogue, "2031-12-02T10:00:00Z", "2031-12-03T10:00:00Z", "paid")),
      ),
    );
    expect(mixed.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
  });

  it("lists the bookings to come a retirement leaves on a car: not over, not cancelled, soonest first", async () => {
    const { db } = database;
    const now = new Date("2032-06-01T12:00:00Z");
    const before = await bookingsToComeOnCar(db, catalogue.car.id, now);
    const [later, sooner] = await db
      .insert(schema.bookings)
      .values([
        bookingValues(catalogue, "2032-07-10T08:00:00Z", "2032-07-12T08:00:00Z", "paid"),
        bookingValues(catalogue, "2032-06-20T08:00:00Z", "2032-06-22T08:00:00Z", "pending"),
        bookingValues(catalogue, "2032-08-01T08:00:00Z", "2032-08-02T08:00:00Z", "cancelled"),
        bookingValues(catalogue, "2032-05-01T08:00:00Z", "2032-05-02T08:00:00Z", "paid"),
      ])
      .returning({ id: schema.bookings.id });
    const toCome = await bookingsToComeOnCar(db, catalogue.car.id, now);
    expect(toCome.total).toBe(before.total + 2);
    const mine = toCome.listed.filter((booking) => [later!.id, sooner!.id].includes(booking.id));
    expect(mine.map((booking) => booking.reference)).toEqual([
      bookingReference(sooner!.id),
      bookingReference(later!.id),
    ]);
    const [zone] = await db
      .select({ timeZone: schema.locations.timeZone })
      .from(schema.locations)
      .where(eq(schema.locations.id, catalogue.location.id));
    // On the pick-up place's clock, as the desk reads it.
    expect(mine[0]!.pickup).toBe(
      new Intl.DateTimeFormat("sv-SE", {
        timeZone: zone!.timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
      })
        .format(new Date("2032-06-20T08:00:00Z"))
        .replace(" ", "T"),
    );
    expect(mine[0]!.driver).toBeTruthy();
  });

  it("retires a car that bookings name, and deletes one no booking names, leaving both in the trail", async () => {
    const { db } = database;
    const fleetCar = await findFleetCar(db, catalogue.car.id, new Date());
    expect(await removeCar(db, actor, fleetCar!, new Date())).toBe("retired");
    const [retired] = await db.select().from(schema.cars).where(eq(schema.cars.id, catalogue.car.id));
    expect(retired).toMatchObject({ available: false });
    expect(retired!.retiredAt).not.toBeNull();

    const spare = await saveCar(db, actor, {
      carId: null,
      supplierId: catalogue.supplier.id,
      form: carForm({ licensePlate: "SPARE-1" }),
      placeIds: [catalogue.location.id],
    });
    if (!spare.ok) throw new Error("not saved");
    const spareCar = await findFleetCar(db, spare.carId, new Date());
    expect(await removeCar(db, actor, spareCar!, new Date())).toBe("deleted");
    expect(await findFleetCar(db, spare.carId, new Date())).toBeNull();
    const trail = await recordTrail(db, "car", spare.carId);
    expect(trail[0]).toMatchObject({ action: "delete" });
    expect(trail[0]!.changes.licensePlate).toEqual({ from: "SPARE-1", to: null });
  });

  it("lists a supplier's own cars only, filtered and sorted", async () => {
    const { db } = database;
    const other = await insertMinimalCatalogue(db);
    const mine = await listFleet(db, readFleetQuery(new URLSearchParams("sort=priceDesc"), catalogue.supplier.id));
    expect(mine.cars.length).toBeGreaterThan(0);
    expect(mine.cars.every((car) => car.id !== other.car.id)).toBe(true);
    const prices = mine.cars.map((car) => car.dailyPrice);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const retired = await listFleet(db, readFleetQuery(new URLSearchParams("state=retired"), catalogue.supplier.id));
    expect(retired.cars.map((car) => car.id)).toEqual([catalogue.car.id]);
    const byPlate = await listFleet(db, readFleetQuery(new URLSearchParams("q=tn-208"), catalogue.supplier.id));
    expect(byPlate.cars.map((car) => car.licensePlate)).toEqual(["TN-208"]);
    const everyone = await listFleet(db, readFleetQuery(new URLSearchParams(""), null));
    expect(everyone.cars.some((car) => car.id === other.car.id)).toBe(true);
  });

  it("keeps where each supplier's cars are offered as cars, places and suppliers come and go", async () => {
    const { db } = database;
    const kept = async () =>
      (await db.select().from(schema.supplierPlaces))
        .map((row) => `${row.supplierId}@${row.locationId}=${row.cars}`)
        .sort();
    const counted = async () =>
      Array.from(
        (
          await db
            .select({ supplierId: schema.cars.supplierId, locationId: schema.carLocations.locationId })
            .from(schema.carLocations)
            .innerJoin(schema.cars, eq(schema.cars.id, schema.carLocations.carId))
        ).reduce((counts, row) => {
          const key = `${row.supplierId}@${row.locationId}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
          return counts;
        }, new Map<string, number>()),
        ([key, cars]) => `${key}=${cars}`,
      ).sort();
    const expectKeptAsCounted = async (step: string) => expect(await kept(), step).toEqual(await counted());
    const placesOf = async (supplierId: string) =>
      (await placeChoices(db, supplierId, [])).map((place) => place.id).sort();

    await expectKeptAsCounted("the catalogues as inserted");
    const other = await insertMinimalCatalogue(db);
    const [second] = await db
      .insert(schema.locations)
      .values({ ...catalogue.location, id: undefined, slug: `second-${Date.now()}` })
      .returning();
    const saved = await saveCar(db, actor, {
      carId: null,
      supplierId: catalogue.supplier.id,
      form: carForm({ licensePlate: "PLACES-1" }),
      placeIds: [catalogue.location.id, second!.id],
    });
    if (!saved.ok) throw new Error("not saved");
    await expectKeptAsCounted("a car added at two places");
    expect(await placesOf(catalogue.supplier.id)).toEqual([catalogue.location.id, second!.id].sort());
    expect(await placesOf(other.supplier.id)).toEqual([other.location.id]);

    const edited = await findFleetCar(db, saved.carId, new Date());
    const resaved = await saveCar(db, actor, {
      carId: edited!.id,
      supplierId: catalogue.supplier.id,
      form: carForm({ licensePlate: "PLACES-1" }),
      placeIds: [second!.id],
    });
    expect(resaved.ok).toBe(true);
    await expectKeptAsCounted("the car moved to one place");

    // Many rows in one statement, as a fleet file's import writes them.
    const many = await db
      .insert(schema.cars)
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          ...catalogue.car,
          id: undefined,
          supplierId: other.supplier.id,
          licensePlate: `MANY-${index}`,
        })),
      )
      .returning({ id: schema.cars.id });
    await db.insert(schema.carLocations).values(many.map((car) => ({ carId: car.id, locationId: second!.id })));
    await expectKeptAsCounted("thirty cars added in one statement");
    expect(await placesOf(other.supplier.id)).toEqual([other.location.id, second!.id].sort());

    await db.update(schema.cars).set({ supplierId: catalogue.supplier.id }).where(eq(schema.cars.id, many[0]!.id));
    await expectKeptAsCounted("a car handed to another supplier");
    const spareCar = await findFleetCar(db, saved.carId, new Date());
    expect(await removeCar(db, actor, spareCar!, new Date())).toBe("deleted");
    await expectKeptAsCounted("a car deleted, its places cascading");
    await db.delete(schema.carLocations).where(eq(schema.carLocations.locationId, second!.id));
    await expectKeptAsCounted("a place's cars taken off it in one statement");
    expect(await placesOf(other.supplier.id)).toEqual([other.location.id]);
    await db.delete(schema.cars).where(eq(schema.cars.supplierId, other.supplier.id));
    await expectKeptAsCounted("a supplier's cars deleted in one statement");
    expect(await placesOf(other.supplier.id)).toEqual([]);
    await db.delete(schema.locations).where(eq(schema.locations.id, second!.id));
    await expectKeptAsCounted("a place deleted");
    await db.execute(sql`select supplier_places_recount()`);
    await expectKeptAsCounted("counted again");
  });
});
