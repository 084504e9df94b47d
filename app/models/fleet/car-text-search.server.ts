/**
 * What staff type to find a car (issue 50, point 3): part of its name or plate, or its type as any of the three
 * languages name it ("SUV", "Fourgon", "Furgoneta"), so a desk agent finds a car by what the pages print.
 */
import { ilike, inArray, or, type SQL } from "drizzle-orm";
import { cars } from "#db/schema";
import { CAR_RANGES, type CarRange } from "~/domain/enums";
import { containsPattern } from "~/utils/sql.server";
import en from "~/locales/en/common.json";
import es from "~/locales/es/common.json";
import fr from "~/locales/fr/common.json";

/** The car types whose name, in any language, or code contains `text` (case and accents aside). */
export function rangesNamed(text: string): CarRange[] {
  const fold = (value: string) =>
    value
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  const wanted = fold(text.trim());
  if (!wanted) return [];
  return CAR_RANGES.filter((range) =>
    [range, en.ranges[range], fr.ranges[range], es.ranges[range]].some((name) => fold(name).includes(wanted)),
  );
}

/** The condition `text` puts on a car list, or undefined for an empty text. */
export function carMatchesText(text: string): SQL | undefined {
  const trimmed = text.trim().slice(0, 60);
  if (!trimmed) return undefined;
  const pattern = containsPattern(trimmed);
  const ranges = rangesNamed(trimmed);
  return or(
    ilike(cars.name, pattern),
    ilike(cars.licensePlate, pattern),
    ranges.length ? inArray(cars.range, ranges) : undefined,
  );
}
