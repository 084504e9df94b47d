/**
 * Places, desks and countries as an admin runs them (decision 027): the list, one place with its desk and parking
 * spots, the writes with their audit rows, and what a change of hours leaves outside them. Changing hours never
 * cancels a booking: the place's page lists the upcoming bookings that now fall outside the new hours, for staff to
 * call the drivers.
 */
import { and, asc, count, eq, gt, ilike, or, sql, type SQL } from "drizzle-orm";
import { changingCatalog } from "./catalog-freshness.server";
import { bookings, carLocations, countries, locations, parkingSpots, reviews, users } from "#db/schema";
import { HOLDING_STATUSES } from "~/domain/enums";
import { deskHoursAt, isWeeklyHours, type WeeklyHours } from "~/domain/pickup-desk";
import { instantToLocalDateTime } from "~/domain/rental-period";
import { bookingReference } from "~/models/booking/booking";
import type { Database, Executor } from "~/utils/db.server";
import { sqlState } from "~/utils/errors.server";
import { fieldChanges } from "~/models/audit/audit";
import { writeAudit, type Actor } from "~/models/audit/audit.server";
import { parkingRowsOf, weeklyHoursOf, type PlaceFormValue } from "./place-form";
import { anyOf, containsPattern, insertedRow } from "~/utils/sql.server";
import { removeReplacedUpload } from "~/utils/uploads.server";

export const PLACES_PAGE_SIZE = 50;

/** The suppliers a place's desk may be given to (decision 048), by name. */
export async function deskSupplierChoices(db: Executor) {
  return db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(eq(users.role, "supplier"))
    .orderBy(asc(users.fullName));
}

export async function listCountries(db: Executor) {
  return db.select().from(countries).orderBy(asc(countries.nameEn));
}

/** Every country with how many places it holds (a country holding none may be deleted). */
export async function listCountriesWithPlaces(db: Executor) {
  const [all, held] = await Promise.all([
    listCountries(db),
    db.select({ countryId: locations.countryId, places: count() }).from(locations).groupBy(locations.countryId),
  ]);
  const placesIn = new Map(held.map((row) => [row.countryId, row.places]));
  return all.map((country) => ({ ...country, places: placesIn.get(country.id) ?? 0 }));
}

/** What keeps a place from being deleted: places within it, cars offered there, bookings and reviews naming it. */
export interface PlaceUses {
  places: number;
  cars: number;
  bookings: number;
  reviews: number;
}

export const isUnused = (uses: PlaceUses) => Object.values(uses).every((used) => used === 0);

export async function placeUses(db: Executor, placeId: string): Promise<PlaceUses> {
  const [row] = await db
    .select({
      places: sql<number>`(select count(*)::int from ${locations} where ${locations.parentId} = ${placeId})`,
      cars: sql<number>`(select count(*)::int from ${carLocations} where ${carLocations.locationId} = ${placeId})`,
      // Every booking, cancelled ones too: its receipt and history name the place.
      bookings: sql<number>`(select count(*)::int from ${bookings}
        where ${bookings.pickupLocationId} = ${placeId} or ${bookings.dropoffLocationId} = ${placeId})`,
      reviews: sql<number>`(select count(*)::int from ${reviews} where ${reviews.locationId} = ${placeId})`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { places: 0, cars: 0, bookings: 0, reviews: 0 };
}

export type Deletion<Uses> = { ok: true; label: string } | { ok: false; uses: Uses } | { ok: false; missing: true };

/**
 * Deletes a place nothing uses (its desk's parking spots go with it), audited; else answers what uses it. The row is
 * locked first: a car linked to it or a booking made at it meanwhile waits for the deletion and then fails on its
 * foreign key, or commits first and is counted here.
 */
export async function deletePlace(db: Database, actor: Actor, placeId: string): Promise<Deletion<PlaceUses>> {
  try {
    const deleted = await changingCatalog(
      db,
      db.transaction(async (tx) => {
        const [place] = await tx.select().from(locations).where(eq(locations.id, placeId)).for("update");
        if (!place) return { ok: false as const, missing: true as const };
        const uses = await placeUses(tx, placeId);
        if (!isUnused(uses)) return { ok: false as const, uses };
        await tx.delete(locations).where(eq(locations.id, placeId));
        const label = `${place.nameEn} (${place.slug})`;
        await writeAudit(tx, actor, {
          record: "location",
          recordId: place.id,
          supplierId: null,
          action: "delete",
          label,
          changes: fieldChanges({ slug: place.slug, nameEn: place.nameEn }, { slug: null, nameEn: null }),
        });
        return { ok: true as const, label, image: place.image };
      }),
    );
    if (deleted.ok) await removeReplacedUpload(deleted.image);
    return deleted;
  } catch (error) {
    // A row naming it came in between (foreign key): answered with what now uses it.
    if (sqlState(error) === "23503") return { ok: false, uses: await placeUses(db, placeId) };
    throw error;
  }
}

/**
 * Puts a picture (a stored upload's address, or null to take it off) on a place, audited; the picture it replaces is
 * no longer served once committed. Drivers see it beside the desk's address (decision 024). False: no such place.
 */
export async function setPlacePicture(
  db: Database,
  actor: Actor,
  placeId: string,
  url: string | null,
): Promise<boolean> {
  const replaced = await changingCatalog(
    db,
    db.transaction(async (tx) => {
      // Read under the row's lock: of two pictures sent at once, the one replaced is the one that was there.
      const [place] = await tx.select().from(locations).where(eq(locations.id, placeId)).for("update");
      if (!place) return null;
      if (place.image === url) return { image: null };
      await tx.update(locations).set({ image: url }).where(eq(locations.id, placeId));
      await writeAudit(tx, actor, {
        record: "location",
        recordId: place.id,
        supplierId: null,
        action: "update",
        label: `${place.nameEn} (${place.slug})`,
        changes: { image: { from: place.image, to: url } },
      });
      return { image: place.image };
    }),
  );
  if (!replaced) return false;
  await removeReplacedUpload(replaced.image);
  return true;
}

/** Deletes a country that holds no place, audited; else answers how many places it holds. */
export async function deleteCountry(
  db: Database,
  actor: Actor,
  countryId: string,
): Promise<Deletion<{ places: number }>> {
  const placesIn = async (executor: Executor) =>
    (await executor.select({ places: count() }).from(locations).where(eq(locations.countryId, countryId)))[0]?.places ??
    0;
  try {
    return await changingCatalog(
      db,
      db.transaction(async (tx) => {
        const [country] = await tx.select().from(countries).where(eq(countries.id, countryId)).for("update");
        if (!country) return { ok: false as const, missing: true as const };
        const places = await placesIn(tx);
        if (places > 0) return { ok: false as const, uses: { places } };
        await tx.delete(countries).where(eq(countries.id, countryId));
        const label = `${country.nameEn} (${country.code})`;
        await writeAudit(tx, actor, {
          record: "country",
          recordId: country.id,
          supplierId: null,
          action: "delete",
          label,
          changes: fieldChanges({ code: country.code, nameEn: country.nameEn }, { code: null, nameEn: null }),
        });
        return { ok: true as const, label };
      }),
    );
  } catch (error) {
    if (sqlState(error) === "23503") return { ok: false, uses: { places: await placesIn(db) } };
    throw error;
  }
}

export async function listPlaces(db: Executor, query: { text: string; countryId: string | null; page: number }) {
  const conditions: SQL[] = [];
  if (query.text) {
    const pattern = containsPattern(query.text);
    conditions.push(
      anyOf(ilike(locations.nameEn, pattern), ilike(locations.nameFr, pattern), ilike(locations.slug, pattern)),
    );
  }
  if (query.countryId) conditions.push(eq(locations.countryId, query.countryId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: locations.id,
        slug: locations.slug,
        nameEn: locations.nameEn,
        nameFr: locations.nameFr,
        nameEs: locations.nameEs,
        deskKind: locations.deskKind,
        timeZone: locations.timeZone,
        hasHours: sql<boolean>`${locations.openingHours} is not null`,
        countryCode: countries.code,
      })
      .from(locations)
      .innerJoin(countries, eq(countries.id, locations.countryId))
      .where(where)
      .orderBy(asc(locations.nameEn), asc(locations.id))
      .limit(PLACES_PAGE_SIZE)
      .offset((query.page - 1) * PLACES_PAGE_SIZE),
    db.select({ total: count() }).from(locations).where(where),
  ]);
  return { places: rows, total: counted?.total ?? 0 };
}

export async function findPlace(db: Executor, placeId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(placeId)) return null;
  const [row] = await db
    .select({
      place: locations,
      parentSlug: sql<string | null>`(select p.slug from locations p where p.id = ${locations.parentId})`,
    })
    .from(locations)
    .where(eq(locations.id, placeId));
  if (!row) return null;
  const spots = await db
    .select()
    .from(parkingSpots)
    .where(eq(parkingSpots.locationId, placeId))
    .orderBy(asc(parkingSpots.nameEn));
  return { ...row.place, parentSlug: row.parentSlug, parkingSpots: spots };
}
export type ManagedPlace = NonNullable<Awaited<ReturnType<typeof findPlace>>>;

type AuditedPlace = Record<string, unknown>;
const auditedPlace = (
  place: {
    slug: string;
    countryId: string;
    parentId: string | null;
    nameEn: string;
    nameFr: string;
    nameEs: string;
    latitude: number;
    longitude: number;
    timeZone: string;
    deskKind: string | null;
    deskSupplierId: string | null;
    airport: boolean;
    address: string | null;
    phone: string | null;
    openingHours: unknown;
  },
  parking: string[],
): AuditedPlace => ({
  slug: place.slug,
  countryId: place.countryId,
  parentId: place.parentId,
  nameEn: place.nameEn,
  nameFr: place.nameFr,
  nameEs: place.nameEs,
  latitude: place.latitude,
  longitude: place.longitude,
  timeZone: place.timeZone,
  deskKind: place.deskKind,
  deskSupplierId: place.deskSupplierId,
  airport: place.airport,
  address: place.address,
  phone: place.phone,
  openingHours: place.openingHours ?? null,
  parking,
});

/** Whether `placeId` is `ancestorId` or lies under it, following parents (at most 20 levels). */
async function isUnder(db: Executor, placeId: string, ancestorId: string): Promise<boolean> {
  let current: string | null = placeId;
  for (let depth = 0; current && depth < 20; depth++) {
    if (current === ancestorId) return true;
    const [row]: Array<{ parentId: string | null }> = await db
      .select({ parentId: locations.parentId })
      .from(locations)
      .where(eq(locations.id, current));
    current = row?.parentId ?? null;
  }
  return false;
}

export type SavePlaceResult =
  | { ok: true; placeId: string }
  | {
      ok: false;
      field: "slug" | "parent" | "countryId" | "deskSupplierId";
      message: string;
      params?: Record<string, string>;
    };

export async function savePlace(
  db: Database,
  actor: Actor,
  input: { placeId: string | null; form: PlaceFormValue },
): Promise<SavePlaceResult> {
  const { form } = input;
  try {
    return await changingCatalog(
      db,
      db.transaction(async (tx) => {
        const [country] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, form.countryId));
        if (!country) return { ok: false as const, field: "countryId" as const, message: "validation.required" };
        let parentId: string | null = null;
        if (form.parent) {
          const [parent] = await tx
            .select({ id: locations.id, parentId: locations.parentId })
            .from(locations)
            .where(eq(locations.slug, form.parent));
          // A parent must exist, be another place, and not sit under this place at any depth (no loops).
          if (!parent || (input.placeId && (await isUnder(tx, parent.id, input.placeId))))
            return {
              ok: false as const,
              field: "parent" as const,
              message: "manage:validation.parentUnknown",
              params: { text: form.parent },
            };
          parentId = parent.id;
        }
        // The desk goes to a supplier's account only (decision 048), never a driver's or an admin's.
        if (form.deskSupplierId) {
          const [runner] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, form.deskSupplierId), eq(users.role, "supplier")));
          if (!runner)
            return {
              ok: false as const,
              field: "deskSupplierId" as const,
              message: "manage:validation.deskSupplierUnknown",
            };
        }
        const columns = {
          slug: form.slug,
          countryId: form.countryId,
          parentId,
          nameEn: form.nameEn,
          nameFr: form.nameFr,
          nameEs: form.nameEs,
          latitude: form.latitude,
          longitude: form.longitude,
          timeZone: form.timeZone,
          deskKind: form.deskKind,
          deskSupplierId: form.deskSupplierId,
          airport: form.airport,
          address: form.address,
          phone: form.phone,
          openingHours: weeklyHoursOf(form),
        };
        const spots = parkingRowsOf(form);
        const spotLabels = spots.map((spot) => `${spot.nameEn} (${spot.latitude}, ${spot.longitude})`);
        let before: AuditedPlace | null = null;
        let placeId: string;
        if (input.placeId) {
          placeId = input.placeId;
          const [current] = await tx.select().from(locations).where(eq(locations.id, placeId)).for("update");
          if (!current) throw new Error("place not found");
          const currentSpots = await tx.select().from(parkingSpots).where(eq(parkingSpots.locationId, placeId));
          before = auditedPlace(
            current,
            currentSpots.map((spot) => `${spot.nameEn} (${spot.latitude}, ${spot.longitude})`),
          );
          await tx.update(locations).set(columns).where(eq(locations.id, placeId));
          await tx.delete(parkingSpots).where(eq(parkingSpots.locationId, placeId));
        } else {
          placeId = insertedRow(await tx.insert(locations).values(columns).returning({ id: locations.id })).id;
        }
        if (spots.length) await tx.insert(parkingSpots).values(spots.map((spot) => ({ ...spot, locationId: placeId })));
        const changes = fieldChanges(before, auditedPlace(columns, spotLabels));
        if (!before || Object.keys(changes).length)
          await writeAudit(tx, actor, {
            record: "location",
            recordId: placeId,
            supplierId: null,
            action: before ? "update" : "create",
            label: `${form.nameEn} (${form.slug})`,
            changes,
          });
        return { ok: true as const, placeId };
      }),
    );
  } catch (error) {
    if (sqlState(error) === "23505") return { ok: false, field: "slug", message: "manage:validation.slugTaken" };
    throw error;
  }
}

/**
 * The upcoming bookings whose pick-up or drop-off at this place falls outside `hours` (on the place's clocks), at most
 * `limit`, soonest first. Nothing is cancelled: staff call the drivers.
 */
export async function bookingsOutsideHours(
  db: Executor,
  place: { id: string; timeZone: string; openingHours: unknown },
  now: Date,
  limit = 200,
  /** Only this supplier's bookings (a supplier looking at the desk it runs); null: every supplier's (an admin). */
  supplierId: string | null = null,
) {
  const hours: WeeklyHours | null = isWeeklyHours(place.openingHours) ? place.openingHours : null;
  if (!hours) return [];
  const holding = sql`${bookings.status} in (${sql.join(
    HOLDING_STATUSES.filter((status) => status !== "void").map((status) => sql`${status}`),
    sql`, `,
  )})`;
  const rows = await db
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      pickupLocationId: bookings.pickupLocationId,
      dropoffLocationId: bookings.dropoffLocationId,
    })
    .from(bookings)
    .where(
      and(
        holding,
        supplierId ? eq(bookings.supplierId, supplierId) : undefined,
        or(
          and(eq(bookings.pickupLocationId, place.id), gt(bookings.startsAt, now)),
          and(eq(bookings.dropoffLocationId, place.id), gt(bookings.endsAt, now)),
        ),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(2_000);
  const outside: Array<{ reference: string; id: string; stop: "pickup" | "dropoff"; at: string }> = [];
  for (const row of rows) {
    for (const [stop, locationId, instant] of [
      ["pickup", row.pickupLocationId, row.startsAt],
      ["dropoff", row.dropoffLocationId, row.endsAt],
    ] as const) {
      if (locationId !== place.id || instant <= now) continue;
      const local = instantToLocalDateTime(instant, place.timeZone);
      if (!deskHoursAt(hours, local).open)
        outside.push({ reference: bookingReference(row.id), id: row.id, stop, at: local });
    }
    if (outside.length >= limit) break;
  }
  return outside.slice(0, limit);
}

/** Adds a country (code and names) or renames one; audited. */
export async function saveCountry(
  db: Database,
  actor: Actor,
  input: { countryId: string | null; code: string; nameEn: string; nameFr: string; nameEs: string },
): Promise<{ ok: true } | { ok: false; field: "code"; message: string } | { ok: false; missing: true }> {
  try {
    const found = await changingCatalog(
      db,
      db.transaction(async (tx) => {
        const values = { code: input.code, nameEn: input.nameEn, nameFr: input.nameFr, nameEs: input.nameEs };
        if (input.countryId) {
          const [current] = await tx.select().from(countries).where(eq(countries.id, input.countryId)).for("update");
          if (!current) return false;
          await tx.update(countries).set(values).where(eq(countries.id, input.countryId));
          const changes = fieldChanges(current, values);
          if (Object.keys(changes).length)
            await writeAudit(tx, actor, {
              record: "country",
              recordId: current.id,
              supplierId: null,
              action: "update",
              label: `${values.nameEn} (${values.code})`,
              changes,
            });
        } else {
          const created = insertedRow(await tx.insert(countries).values(values).returning({ id: countries.id }));
          await writeAudit(tx, actor, {
            record: "country",
            recordId: created.id,
            supplierId: null,
            action: "create",
            label: `${values.nameEn} (${values.code})`,
            changes: fieldChanges(null, values),
          });
        }
        return true;
      }),
    );
    return found ? { ok: true } : { ok: false, missing: true };
  } catch (error) {
    if (sqlState(error) === "23505") return { ok: false, field: "code", message: "manage:validation.countryTaken" };
    throw error;
  }
}
