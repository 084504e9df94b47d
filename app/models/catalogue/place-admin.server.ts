/**
 * Places, desks and countries as an admin runs them (decision 027): the list, one place with its desk and parking
 * spots, the writes with their audit rows, and what a change of hours leaves outside them. Changing hours never
 * cancels a booking: the place's page lists the upcoming bookings that now fall outside the new hours, for staff to
 * call the drivers.
 */
import { and, asc, count, eq, gt, ilike, or, sql, type SQL } from "drizzle-orm";
import { bookings, countries, locations, parkingSpots } from "#db/schema";
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

export const PLACES_PAGE_SIZE = 50;

export async function listCountries(db: Executor) {
  return db.select().from(countries).orderBy(asc(countries.nameEn));
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
  | { ok: false; field: "slug" | "parent" | "countryId"; message: string; params?: Record<string, string> };

export async function savePlace(
  db: Database,
  actor: Actor,
  input: { placeId: string | null; form: PlaceFormValue },
): Promise<SavePlaceResult> {
  const { form } = input;
  try {
    return await db.transaction(async (tx) => {
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
    });
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
    const found = await db.transaction(async (tx) => {
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
    });
    return found ? { ok: true } : { ok: false, missing: true };
  } catch (error) {
    if (sqlState(error) === "23505") return { ok: false, field: "code", message: "manage:validation.countryTaken" };
    throw error;
  }
}
