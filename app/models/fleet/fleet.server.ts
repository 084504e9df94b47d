/**
 * A supplier's fleet as operators run it (decision 027): the list with its filters, one car with everything the form
 * shows, and the writes (create, edit, retire or delete), each in one transaction with its audit entry. Callers have
 * asked `canOperate` first; these functions trust the supplier they are given.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  bookings,
  carBlocks,
  carLocations,
  cars,
  countries,
  dateBasedPrices,
  locations,
  supplierPlaces,
  supplierSettings,
  users,
} from "#db/schema";
import type { Database, Executor } from "~/utils/db.server";
import { sqlState } from "~/utils/errors.server";
import { fieldChanges } from "~/models/audit/audit";
import { writeAudit, type Actor } from "~/models/audit/audit.server";
import { carColumns, datePriceRows, type CarColumns, type CarFormValue } from "./car-form";
import { FLEET_COUNTED_UP_TO, FLEET_PAGE_SIZE, type FleetQuery } from "./fleet-query";
import { allOf, anyOf, containsPattern, insertedRow } from "~/utils/sql.server";
import { removeReplacedUpload } from "~/utils/uploads.server";
import { toComeAt } from "~/models/booking/bookings-to-come.server";
import { instantToLocalDateTime } from "~/domain/rental-period";
import { bookingReference } from "~/models/booking/booking";

const offered = sql`${cars.available} and not ${cars.fullyBooked} and not ${cars.comingSoon} and ${cars.retiredAt} is null`;

export async function listFleet(db: Executor, query: FleetQuery) {
  const conditions: SQL[] = [];
  if (query.supplierId) conditions.push(eq(cars.supplierId, query.supplierId));
  if (query.text) {
    const pattern = containsPattern(query.text);
    conditions.push(anyOf(ilike(cars.name, pattern), ilike(cars.licensePlate, pattern)));
  }
  if (query.range) conditions.push(eq(cars.range, query.range));
  if (query.place)
    conditions.push(
      sql`exists (select 1 from ${carLocations} cl join ${locations} l on l.id = cl.location_id
        where cl.car_id = ${cars.id} and l.slug = ${query.place})`,
    );
  if (query.state === "offered") conditions.push(offered);
  if (query.state === "notOffered") conditions.push(allOf(isNull(cars.retiredAt), sql`not (${offered})`));
  if (query.state === "retired") conditions.push(isNotNull(cars.retiredAt));
  const where = conditions.length ? and(...conditions) : undefined;
  // Each order is one index read forwards or backwards (migration 0018), for a supplier and for every supplier.
  const order =
    query.sort === "priceAsc"
      ? [asc(cars.dailyPrice), asc(cars.id)]
      : query.sort === "priceDesc"
        ? [desc(cars.dailyPrice), desc(cars.id)]
        : query.sort === "newest"
          ? [desc(cars.createdAt), desc(cars.id)]
          : [asc(cars.name), asc(cars.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: cars.id,
        name: cars.name,
        licensePlate: cars.licensePlate,
        range: cars.range,
        dailyPrice: cars.dailyPrice,
        image: cars.image,
        available: cars.available,
        fullyBooked: cars.fullyBooked,
        comingSoon: cars.comingSoon,
        retiredAt: cars.retiredAt,
        supplierName: users.fullName,
      })
      .from(cars)
      .innerJoin(users, eq(users.id, cars.supplierId))
      .where(where)
      .orderBy(...order)
      .limit(FLEET_PAGE_SIZE)
      .offset((query.page - 1) * FLEET_PAGE_SIZE),
    db.select({ total: count() }).from(
      db
        .select({ id: cars.id })
        .from(cars)
        .where(where)
        .limit(FLEET_COUNTED_UP_TO + 1)
        .as("counted"),
    ),
  ]);
  const total = counted?.total ?? 0;
  return { cars: rows, total: Math.min(total, FLEET_COUNTED_UP_TO), more: total > FLEET_COUNTED_UP_TO };
}
export type FleetRow = Awaited<ReturnType<typeof listFleet>>["cars"][number];

/** Suppliers an admin may act for, by name. */
export async function listSuppliers(db: Executor) {
  return db
    .select({ id: users.id, name: users.fullName, slug: supplierSettings.slug })
    .from(supplierSettings)
    .innerJoin(users, eq(users.id, supplierSettings.supplierId))
    .orderBy(asc(users.fullName));
}

/** One car with its places, date-based prices, blocks to come and what still holds it; null if it does not exist. */
export async function findFleetCar(db: Executor, carId: string, now: Date) {
  if (!/^[0-9a-f-]{36}$/i.test(carId)) return null;
  const [car] = await db
    .select({ car: cars, supplierName: users.fullName })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .where(eq(cars.id, carId));
  if (!car) return null;
  const [places, datePrices, blocks, [upcoming], [ever]] = await Promise.all([
    db
      .select({
        id: locations.id,
        slug: locations.slug,
        nameEn: locations.nameEn,
        nameFr: locations.nameFr,
        nameEs: locations.nameEs,
        timeZone: locations.timeZone,
      })
      .from(carLocations)
      .innerJoin(locations, eq(locations.id, carLocations.locationId))
      .where(eq(carLocations.carId, carId))
      .orderBy(asc(locations.nameEn)),
    db
      .select({
        startDate: dateBasedPrices.startDate,
        endDate: dateBasedPrices.endDate,
        dailyPrice: dateBasedPrices.dailyPrice,
      })
      .from(dateBasedPrices)
      .where(eq(dateBasedPrices.carId, carId))
      .orderBy(asc(dateBasedPrices.startDate)),
    db
      .select()
      .from(carBlocks)
      .where(and(eq(carBlocks.carId, carId), gt(carBlocks.endsAt, now)))
      .orderBy(asc(carBlocks.startsAt)),
    db
      .select({ total: count() })
      .from(bookings)
      .where(and(eq(bookings.carId, carId), toComeAt(now))),
    db.select({ total: count() }).from(bookings).where(eq(bookings.carId, carId)),
  ]);
  return {
    ...car.car,
    supplierName: car.supplierName,
    places,
    datePrices,
    blocks,
    upcomingBookings: upcoming?.total ?? 0,
    anyBookings: (ever?.total ?? 0) > 0,
  };
}
export type FleetCar = NonNullable<Awaited<ReturnType<typeof findFleetCar>>>;

/** Places by name in any language, or by code (slug), case-insensitive: what "Add a place" typed. */
export async function findPlacesNamed(db: Executor, typed: string) {
  const text = typed.trim();
  if (!text) return [];
  return db
    .select({ id: locations.id, slug: locations.slug, nameEn: locations.nameEn })
    .from(locations)
    .where(
      or(
        eq(locations.slug, text.toLowerCase()),
        sql`lower(${locations.nameEn}) = lower(${text})`,
        sql`lower(${locations.nameFr}) = lower(${text})`,
        sql`lower(${locations.nameEs}) = lower(${text})`,
      ),
    )
    .limit(5);
}

/**
 * The places a form lists: the supplier's (where any of its cars is offered; with `everyone`, where any car is), then
 * those given, by name.
 */
export async function placeChoices(db: Executor, supplierId: string | null, alsoIds: string[], everyone = false) {
  // The kept list of where each supplier's cars are (`supplier_places`): a row per place, whatever the fleet's size.
  const servedPlaces = supplierId
    ? db
        .select({ id: supplierPlaces.locationId })
        .from(supplierPlaces)
        .where(eq(supplierPlaces.supplierId, supplierId))
        .limit(200)
    : everyone
      ? db.selectDistinct({ id: supplierPlaces.locationId }).from(supplierPlaces).limit(500)
      : null;
  const ids = new Set(alsoIds);
  for (const row of servedPlaces ? await servedPlaces : []) ids.add(row.id);
  if (ids.size === 0) return [];
  return db
    .select({
      id: locations.id,
      slug: locations.slug,
      nameEn: locations.nameEn,
      nameFr: locations.nameFr,
      nameEs: locations.nameEs,
      timeZone: locations.timeZone,
      countryCode: countries.code,
    })
    .from(locations)
    .innerJoin(countries, eq(countries.id, locations.countryId))
    .where(inArray(locations.id, [...ids]))
    .orderBy(asc(locations.nameEn));
}

/** The fields the audit trail compares, beside the car's columns: its places (codes) and its date-based prices. */
type AuditedCar = CarColumns & { places: string[]; datePrices: string[] };
const datePriceLabel = (row: { startDate: string; endDate: string; dailyPrice: number }) =>
  `${row.startDate}..${row.endDate}: ${row.dailyPrice}`;

export type SaveCarResult =
  { ok: true; carId: string } | { ok: false; field: "licensePlate" | "places"; message: string };

/**
 * Creates (`carId` null) or updates a car of `supplierId` from a valid form, with its places and date-based prices,
 * and writes the audit entry, all in one transaction. A booking already made keeps its quoted price: bookings store
 * their amounts, and nothing here touches them.
 */
export async function saveCar(
  db: Database,
  actor: Actor,
  input: { carId: string | null; supplierId: string; form: CarFormValue; placeIds: string[] },
): Promise<SaveCarResult> {
  const columns = carColumns(input.form);
  const rows = datePriceRows(input.form);
  const placeIds = [...new Set(input.placeIds)].sort();
  try {
    return await db.transaction(async (tx) => {
      const known = placeIds.length
        ? await tx
            .select({ id: locations.id, slug: locations.slug })
            .from(locations)
            .where(inArray(locations.id, placeIds))
        : [];
      if (known.length !== placeIds.length || placeIds.length === 0)
        return { ok: false as const, field: "places" as const, message: "manage:validation.placesRequired" };
      let before: AuditedCar | null = null;
      let carId: string;
      if (input.carId) {
        carId = input.carId;
        const [current] = await tx
          .select()
          .from(cars)
          .where(and(eq(cars.id, carId), eq(cars.supplierId, input.supplierId)))
          .for("update");
        if (!current) throw new Error("car not found for its supplier");
        const [currentPlaces, currentPrices] = await Promise.all([
          tx
            .select({ slug: locations.slug })
            .from(carLocations)
            .innerJoin(locations, eq(locations.id, carLocations.locationId))
            .where(eq(carLocations.carId, carId)),
          tx
            .select()
            .from(dateBasedPrices)
            .where(eq(dateBasedPrices.carId, carId))
            .orderBy(asc(dateBasedPrices.startDate)),
        ]);
        before = {
          ...(Object.fromEntries(
            Object.keys(columns).map((key) => [key, current[key as keyof typeof current]]),
          ) as CarColumns),
          places: currentPlaces.map((row) => row.slug).sort(),
          datePrices: currentPrices.map(datePriceLabel),
        };
        await tx
          .update(cars)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(cars.id, carId));
        await tx.delete(carLocations).where(eq(carLocations.carId, carId));
        await tx.delete(dateBasedPrices).where(eq(dateBasedPrices.carId, carId));
      } else {
        carId = insertedRow(
          await tx
            .insert(cars)
            .values({ ...columns, supplierId: input.supplierId, image: `/images/cars/${columns.range}-silver.svg` })
            .returning({ id: cars.id }),
        ).id;
      }
      await tx.insert(carLocations).values(placeIds.map((locationId) => ({ carId, locationId })));
      if (rows.length) await tx.insert(dateBasedPrices).values(rows.map((row) => ({ ...row, carId })));
      // The trail names places by their codes, which read (and survive a place's removal) better than ids.
      const after: AuditedCar = {
        ...columns,
        places: known.map((place) => place.slug).sort(),
        datePrices: rows.map(datePriceLabel),
      };
      const changes = fieldChanges(before, after);
      if (!before || Object.keys(changes).length > 0)
        await writeAudit(tx, actor, {
          record: "car",
          recordId: carId,
          supplierId: input.supplierId,
          action: before ? "update" : "create",
          label: `${columns.name} (${columns.licensePlate})`,
          changes,
        });
      return { ok: true as const, carId };
    });
  } catch (error) {
    if (sqlState(error) === "23505")
      return { ok: false, field: "licensePlate", message: "manage:validation.plateTaken" };
    throw error;
  }
}

/** How many of a car's bookings to come a retirement's confirmation lists by name (the rest are counted). */
export const RETIREMENT_LISTED = 10;

/**
 * The bookings to come a car holds (not cancelled, not over), soonest first: what retiring it leaves on it, said
 * before it is retired (issue 50). Each with its reference, its driver and its pick-up on the place's clock.
 */
export const bookingsToComeOnCar = (db: Executor, carId: string, now: Date) =>
  bookingsToCome(db, eq(bookings.carId, carId), now);

/** A supplier's bookings still to come (its suspension lists them for a decision, issue 51). */
export const bookingsToComeAtSupplier = (db: Executor, supplierId: string, now: Date) =>
  bookingsToCome(db, eq(bookings.supplierId, supplierId), now);

/** The first bookings to come among those `which` selects, in pick-up order, and how many there are. */
async function bookingsToCome(db: Executor, which: SQL, now: Date) {
  const toCome = and(which, toComeAt(now));
  const [listed, [counted]] = await Promise.all([
    db
      .select({
        id: bookings.id,
        startsAt: bookings.startsAt,
        driver: users.fullName,
        timeZone: locations.timeZone,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.driverId))
      .innerJoin(locations, eq(locations.id, bookings.pickupLocationId))
      .where(toCome)
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
      .limit(RETIREMENT_LISTED),
    db.select({ total: count() }).from(bookings).where(toCome),
  ]);
  return {
    total: counted?.total ?? 0,
    listed: listed.map((booking) => ({
      id: booking.id,
      reference: bookingReference(booking.id),
      driver: booking.driver,
      pickup: instantToLocalDateTime(booking.startsAt, booking.timeZone),
    })),
  };
}

/**
 * "Remove this car": a car no booking names is deleted; one that bookings name is retired instead (no longer
 * offered, kept for its bookings' sake) — the page says which, and why. Audited either way.
 */
export async function removeCar(
  db: Database,
  actor: Actor,
  car: Pick<FleetCar, "id" | "supplierId" | "name" | "licensePlate">,
  now: Date,
): Promise<"deleted" | "retired"> {
  return db.transaction(async (tx) => {
    // The car's row locked first: a checkout booking it meanwhile waits (its foreign key), then finds it gone or
    // retired; one that committed first is seen below, and the car is retired.
    await tx.select({ id: cars.id }).from(cars).where(eq(cars.id, car.id)).for("update");
    const [named] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.carId, car.id)).limit(1);
    const label = `${car.name} (${car.licensePlate})`;
    if (named) {
      await tx.update(cars).set({ retiredAt: now, available: false, updatedAt: now }).where(eq(cars.id, car.id));
      await writeAudit(tx, actor, {
        record: "car",
        recordId: car.id,
        supplierId: car.supplierId,
        action: "retire",
        label,
        changes: { retiredAt: { from: null, to: now.toISOString() }, available: { from: true, to: false } },
      });
      return "retired";
    }
    const [before] = await tx.select().from(cars).where(eq(cars.id, car.id));
    await tx.delete(cars).where(eq(cars.id, car.id));
    await writeAudit(tx, actor, {
      record: "car",
      recordId: car.id,
      supplierId: car.supplierId,
      action: "delete",
      label,
      // What was removed, field by field: nothing an operator removes disappears without trace.
      changes: Object.fromEntries(
        Object.entries(before ?? {})
          .filter(([field]) => !["rateFloor1", "rateFloor3", "rateFloor7", "rateFloor30"].includes(field))
          .map(([field, value]) => [field, { from: value instanceof Date ? value.toISOString() : value, to: null }]),
      ),
    });
    return "deleted";
  });
}

/** Offers a retired car again (it stays unavailable until the operator ticks "available"). */
export async function reinstateCar(
  db: Database,
  actor: Actor,
  car: Pick<FleetCar, "id" | "supplierId" | "name" | "licensePlate" | "retiredAt">,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx.update(cars).set({ retiredAt: null, updatedAt: now }).where(eq(cars.id, car.id));
    await writeAudit(tx, actor, {
      record: "car",
      recordId: car.id,
      supplierId: car.supplierId,
      action: "reinstate",
      label: `${car.name} (${car.licensePlate})`,
      changes: { retiredAt: { from: car.retiredAt?.toISOString() ?? null, to: null } },
    });
  });
}

/** A new picture for a car (stored already): the car shows it from now on; audited. */
export async function setCarPicture(
  db: Database,
  actor: Actor,
  car: Pick<FleetCar, "id" | "supplierId" | "name" | "licensePlate" | "image">,
  url: string,
) {
  const replaced = await db.transaction(async (tx) => {
    // Read under the row's lock: of two pictures sent at once, the one replaced is the one that was there.
    const [current] = await tx.select({ image: cars.image }).from(cars).where(eq(cars.id, car.id)).for("update");
    await tx.update(cars).set({ image: url, updatedAt: new Date() }).where(eq(cars.id, car.id));
    await writeAudit(tx, actor, {
      record: "car",
      recordId: car.id,
      supplierId: car.supplierId,
      action: "update",
      label: `${car.name} (${car.licensePlate})`,
      changes: { image: { from: current?.image ?? car.image, to: url } },
    });
    return current?.image ?? null;
  });
  // Once committed, the old picture is no longer served (nothing else points to an uploaded file).
  await removeReplacedUpload(replaced);
}
