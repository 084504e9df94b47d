/**
 * Places in the order a list shows them (issue 53): by country, each top-level place by name, and right after it the
 * places under it, by name, at any depth, in the reader's language. Sorting by name alone put a city's suburbs under
 * whichever place came before them ("La Marsa" under Hammamet), and in French or Spanish an airport under the wrong
 * city.
 */
export interface TreePlace {
  slug: string;
  parentSlug: string | null;
  name: string;
  countryName: string;
}

export function inTreeOrder<T extends TreePlace>(places: readonly T[], language: string): T[] {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, language);
  const known = new Set(places.map((place) => place.slug));
  const children = new Map<string, T[]>();
  const tops: T[] = [];
  for (const place of places) {
    if (place.parentSlug && known.has(place.parentSlug)) {
      children.set(place.parentSlug, [...(children.get(place.parentSlug) ?? []), place]);
    } else tops.push(place);
  }
  const ordered: T[] = [];
  const placed = new Set<string>();
  const visit = (place: T) => {
    if (placed.has(place.slug)) return;
    placed.add(place.slug);
    ordered.push(place);
    for (const child of (children.get(place.slug) ?? []).sort(byName)) visit(child);
  };
  tops.sort((a, b) => a.countryName.localeCompare(b.countryName, language) || byName(a, b)).forEach(visit);
  // Places in a loop of parents have no top: listed last rather than lost (the place form refuses such loops).
  places.filter((place) => !placed.has(place.slug)).forEach(visit);
  return ordered;
}
