import { asc, count, eq, gte } from "drizzle-orm";
import { countries, locations } from "#db/schema";
import { type Language } from "~/domain/enums";
import type { Executor } from "~/utils/db.server";
import { localizedName } from "~/domain/localized-name";

/** Spec §2 home: destinations are the countries with at least this many rental locations. */
export const MINIMUM_LOCATIONS_PER_DESTINATION = 4;

export interface Destination {
  code: string;
  name: string;
  locationCount: number;
}

export async function listDestinations(db: Executor, language: Language): Promise<Destination[]> {
  const rows = await db
    .select({
      code: countries.code,
      nameEn: countries.nameEn,
      nameFr: countries.nameFr,
      nameEs: countries.nameEs,
      locationCount: count(locations.id),
    })
    .from(countries)
    .innerJoin(locations, eq(locations.countryId, countries.id))
    .groupBy(countries.id)
    .having(({ locationCount }) => gte(locationCount, MINIMUM_LOCATIONS_PER_DESTINATION))
    .orderBy(asc(countries.nameEn));
  return rows
    .map((row) => ({ code: row.code, name: localizedName(row, language), locationCount: row.locationCount }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}
