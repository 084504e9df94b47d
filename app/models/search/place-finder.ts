/**
 * Finding a place by what a driver typed, for networks too large for a list (decision 015): a select of 1,500
 * places weighs 100 KB twice over, so past PLACE_SELECT_LIMIT the form asks for a name instead, and the server
 * resolves it — the same way with JavaScript (which suggests names as the driver types) or without.
 */

/** Above this many places a select is replaced by a text field with suggestions. */
export const PLACE_SELECT_LIMIT = 150;
/** Markers a map shows at most: the places with the most cars, when there are more. */
export const MAP_MARKER_LIMIT = 150;
/** Suggestions and 'did you mean' choices offered at most. */
export const PLACE_SUGGESTIONS = 8;

export interface FindablePlace {
  slug: string;
  name: string;
  countryName: string;
  carCount: number;
}

/** Lower case, accents dropped, spaces collapsed: 'Málaga ' and 'malaga' are the same search. */
export function normalizedPlaceText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Places whose name matches the text: whole names first, then names starting with it, then containing it. */
export function matchPlaces<Place extends FindablePlace>(
  places: Place[],
  text: string,
  limit = PLACE_SUGGESTIONS,
): Place[] {
  const wanted = normalizedPlaceText(text);
  if (!wanted) return [];
  const ranked: Array<{ place: Place; rank: number }> = [];
  for (const place of places) {
    const name = normalizedPlaceText(place.name);
    const rank = name === wanted ? 0 : name.startsWith(wanted) ? 1 : name.includes(wanted) ? 2 : -1;
    if (rank >= 0) ranked.push({ place, rank });
  }
  return ranked
    .sort((a, b) => a.rank - b.rank || b.place.carCount - a.place.carCount || a.place.name.localeCompare(b.place.name))
    .slice(0, limit)
    .map(({ place }) => place);
}

export type PlaceLookup<Place> = { place: Place } | { choices: Place[] } | { none: true };

/**
 * The place a form value names: its slug (a select, a link, a map marker), or a name that only one place has —
 * exactly, or as the only place whose name starts with or contains it. Otherwise the candidates to choose from.
 */
export function findPlace<Place extends FindablePlace>(places: Place[], value: string): PlaceLookup<Place> {
  const bySlug = places.find((place) => place.slug === value);
  if (bySlug) return { place: bySlug };
  const matches = matchPlaces(places, value, PLACE_SUGGESTIONS + 1);
  const wanted = normalizedPlaceText(value);
  const exact = matches.filter((place) => normalizedPlaceText(place.name) === wanted);
  if (exact.length === 1) return { place: exact[0]! };
  if (exact.length === 0 && matches.length === 1) return { place: matches[0]! };
  if (matches.length === 0) return { none: true };
  return { choices: (exact.length > 1 ? exact : matches).slice(0, PLACE_SUGGESTIONS) };
}

/** The places a map marks: all of them, or the busiest MAP_MARKER_LIMIT of a large network. */
export function placesToMark<Place extends Pick<FindablePlace, "carCount">>(places: Place[]): Place[] {
  if (places.length <= MAP_MARKER_LIMIT) return places;
  return [...places].sort((a, b) => b.carCount - a.carCount).slice(0, MAP_MARKER_LIMIT);
}
