/** Pick-up and drop-off places: the list the catalogue keeps, and a place's subtree (a city includes its airport). */
import { inTreeOrder } from "./place-tree";
import { rowsOf } from "~/utils/sql.server";
import { count, eq, sql } from "drizzle-orm";
import { carLocations, cars, countries, locations, users } from "#db/schema";
import type { Language } from "~/domain/enums";
import {
  checkDeskHours,
  deskHoursAt,
  formatDayHours,
  deskFromColumns,
  deskView,
  weekdayName,
  type DeskHoursProblem,
  type DeskView,
  type PickupDesk,
} from "~/domain/pickup-desk";
import { instantToLocalDateTime } from "~/domain/rental-period";
import type { Executor } from "~/utils/db.server";
import { MAX_FLIGHT_GRACE_MINUTES, minutesAfterClosing } from "~/domain/flight";
import { localizedName } from "~/domain/localized-name";
import { offerableCar } from "~/models/search/offer-conditions.server";

export interface PlaceOption {
  id: string;
  slug: string;
  name: string;
  countryCode: string;
  countryName: string;
  parentSlug: string | null;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** Offerable cars serving this place (dates aside). */
  carCount: number;
  /** Its rental desk (decision 024), or null when none is on record. */
  desk: PickupDesk | null;
  /** An airport: drivers may give their flight number (decision 031). */
  airport: boolean;
}

/** Every location with its country and how many offerable cars serve it, in the reader's language, in tree order. */
export async function listPlaces(db: Executor, language: Language): Promise<PlaceOption[]> {
  const carCounts = db
    .select({ locationId: carLocations.locationId, carCount: count().as("car_count") })
    .from(carLocations)
    .innerJoin(cars, eq(cars.id, carLocations.carId))
    .innerJoin(users, eq(users.id, cars.supplierId))
    .where(offerableCar)
    .groupBy(carLocations.locationId)
    .as("car_counts");
  const parents = db.select({ id: locations.id, slug: locations.slug }).from(locations).as("parents");
  const rows = await db
    .select({
      id: locations.id,
      slug: locations.slug,
      nameEn: locations.nameEn,
      nameFr: locations.nameFr,
      nameEs: locations.nameEs,
      latitude: locations.latitude,
      longitude: locations.longitude,
      timeZone: locations.timeZone,
      address: locations.address,
      deskKind: locations.deskKind,
      phone: locations.phone,
      openingHours: locations.openingHours,
      image: locations.image,
      airport: locations.airport,
      parentSlug: parents.slug,
      countryCode: countries.code,
      countryEn: countries.nameEn,
      countryFr: countries.nameFr,
      countryEs: countries.nameEs,
      carCount: sql<number>`coalesce(${carCounts.carCount}, 0)::int`,
    })
    .from(locations)
    .innerJoin(countries, eq(countries.id, locations.countryId))
    .leftJoin(parents, eq(parents.id, locations.parentId))
    .leftJoin(carCounts, eq(carCounts.locationId, locations.id));
  const places = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: localizedName(row, language),
    countryCode: row.countryCode,
    countryName: localizedName({ nameEn: row.countryEn, nameFr: row.countryFr, nameEs: row.countryEs }, language),
    parentSlug: row.parentSlug,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.timeZone,
    carCount: row.carCount,
    desk: deskFromColumns(row),
    airport: row.airport,
  }));
  return inTreeOrder(places, language);
}

/** The places the picker offers: those with an offerable car of their own or at a child place (one pass each). */
export function availablePlaces(places: PlaceOption[]): PlaceOption[] {
  const parentsWithCars = new Set(
    places.filter((place) => place.carCount > 0 && place.parentSlug).map((place) => place.parentSlug),
  );
  return places.filter((place) => place.carCount > 0 || parentsWithCars.has(place.slug));
}

/**
 * The place and every place below it, from a list already loaded (the catalogue's): a search then needs no query
 * for it. A place added in the last seconds joins its parent's searches when the catalogue is next recounted.
 */
export function placeSubtree(
  places: Pick<PlaceOption, "id" | "slug" | "parentSlug">[],
  root: Pick<PlaceOption, "id" | "slug">,
): string[] {
  const children = new Map<string, typeof places>();
  for (const place of places)
    if (place.parentSlug) children.set(place.parentSlug, [...(children.get(place.parentSlug) ?? []), place]);
  const ids = [root.id];
  const visited = new Set([root.slug]);
  for (let queue = [root.slug]; queue.length;) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (visited.has(child.slug)) continue;
      visited.add(child.slug);
      ids.push(child.id);
      queue.push(child.slug);
    }
  }
  return ids;
}

/**
 * Where to go instead when the chosen desk is closed then (issue 37, point 6): the nearest place of the same area (the
 * places under the chosen one's top place) with cars, whose desk is open at the pick-up time (and at the return, for
 * a round trip), by straight-line distance; with its hours that day. Null when none is.
 */
export function nearestOpenDesk(
  places: PlaceOption[],
  pickup: PlaceOption,
  dropoff: PlaceOption | undefined,
  from: Date,
  to: Date,
  language: Language,
): { place: PlaceOption; hours: string } | null {
  const bySlug = new Map(places.map((place) => [place.slug, place]));
  let top = pickup;
  for (let parent = top.parentSlug; parent && bySlug.has(parent); parent = top.parentSlug) top = bySlug.get(parent)!;
  const area = new Set(placeSubtree(places, top));
  const roundTrip = !dropoff || dropoff.id === pickup.id;
  const distance = (place: PlaceOption) =>
    (place.latitude - pickup.latitude) ** 2 +
    ((place.longitude - pickup.longitude) * Math.cos((pickup.latitude * Math.PI) / 180)) ** 2;
  const open = places
    .filter((place) => area.has(place.id) && place.id !== pickup.id && place.carCount > 0 && place.desk?.hours)
    .filter((place) => rentalDeskProblems(place, roundTrip ? place : dropoff, from, to, language).length === 0)
    .sort((a, b) => distance(a) - distance(b));
  const [nearest] = open;
  if (!nearest) return null;
  const { day } = deskHoursAt(nearest.desk!.hours!, instantToLocalDateTime(from, nearest.timeZone));
  return { place: nearest, hours: formatDayHours(day) ?? "" };
}

/** The place and every place below it (searching a city includes its airport). */
export async function placeAndChildren(db: Executor, placeId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    with recursive tree(id) as (
      select ${placeId}::uuid
      union
      select l.id from locations l join tree on l.parent_id = tree.id
    )
    select id from tree`,
  );
  return rows.map((row) => row.id);
}

/** The desks' hours problems of a rental (decision 024): pick-up and drop-off, each on its own place's clock. */
export function rentalDeskProblems(
  pickup: PlaceOption | undefined,
  dropoff: PlaceOption | undefined,
  from: Date,
  to: Date,
  language: Language,
): DeskHoursProblem[] {
  const stop = (field: "from" | "to", place: PlaceOption, at: Date) => ({
    field,
    place: place.name,
    hours: place.desk?.hours ?? null,
    localDateTime: instantToLocalDateTime(at, place.timeZone),
  });
  return checkDeskHours(
    [...(pickup ? [stop("from", pickup, from)] : []), ...(dropoff ? [stop("to", dropoff, to)] : [])],
    weekdayName(language),
  );
}

/**
 * The desks' hours problems of a rental, with late flights (decision 031): a pick-up at an airport after its desk has
 * closed for the day, by at most the longest grace period, is not refused here; `afterClosing` says by how many
 * minutes, and whether a supplier hands its car over then (for a driver with a flight number) is the caller's to ask.
 */
export function rentalDeskCheck(
  pickup: PlaceOption | undefined,
  dropoff: PlaceOption | undefined,
  from: Date,
  to: Date,
  language: Language,
): { problems: DeskHoursProblem[]; afterClosing: { minutes: number; problem: DeskHoursProblem } | null } {
  const problems = rentalDeskProblems(pickup, dropoff, from, to, language);
  const closed = problems.find((problem) => problem.key === "validation.pickupOutsideHours");
  const hours = pickup?.airport ? pickup.desk?.hours : null;
  const minutes = closed && hours ? minutesAfterClosing(hours, instantToLocalDateTime(from, pickup!.timeZone)) : null;
  if (!closed || minutes === null || minutes > MAX_FLIGHT_GRACE_MINUTES) return { problems, afterClosing: null };
  return { problems: problems.filter((problem) => problem !== closed), afterClosing: { minutes, problem: closed } };
}

/** The desks of the given places that have one, each once (a return to the same place shows one desk). */
export function placeDesks(...places: Array<PlaceOption | undefined>): DeskView[] {
  const shown = new Map<string, DeskView>();
  for (const place of places)
    if (place?.desk && !shown.has(place.id)) shown.set(place.id, deskView(place.name, place.desk));
  return [...shown.values()];
}
