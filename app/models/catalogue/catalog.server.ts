/**
 * Catalogue figures every visitor sees: places and suppliers with their car counts, the home page's 'from'
 * prices and destinations. Counting them scans every car (≈ 90 ms each with 100k cars), they change rarely, and
 * a count a few seconds old harms nobody (a search still checks every car it offers), so each app instance
 * recounts them at most every 30 seconds, answering from the previous count meanwhile. The business settings
 * (opening hours, minimum notice) ride along for the results page; checkout reads them fresh before it books.
 */
import { type Language } from "~/domain/enums";
import type { Executor } from "~/utils/db.server";
import { cachedFor } from "~/utils/ttl-cache.server";
import { listPlaces } from "./places.server";
import { lowestDailyPrices } from "~/models/pricing/pricing.server";
import { listSuppliers } from "./suppliers.server";
import { listDestinations } from "./locations.server";
import { getBusinessSettings } from "./settings.server";
import { catalogEdition } from "./catalog-freshness.server";

const CATALOG_TTL_MS = 30_000;

function catalogCaches(db: Executor) {
  return {
    places: cachedFor(CATALOG_TTL_MS, (language: Language) => listPlaces(db, language)),
    destinations: cachedFor(CATALOG_TTL_MS, (language: Language) => listDestinations(db, language)),
    suppliers: cachedFor(CATALOG_TTL_MS, (_all: "all") => listSuppliers(db)),
    lowestDailyPrices: cachedFor(CATALOG_TTL_MS, (_all: "all") => lowestDailyPrices(db)),
    settings: cachedFor(CATALOG_TTL_MS, (_all: "all") => getBusinessSettings(db)),
  };
}

// Per database handle, so tests that open their own database never see another's figures.
// A change made through this handle (`forgetCatalog`) starts a new edition: fresh caches, counted at the next read.
const catalogs = new WeakMap<Executor, { edition: number; caches: ReturnType<typeof catalogCaches> }>();

export function catalogOf(db: Executor) {
  const edition = catalogEdition(db);
  let kept = catalogs.get(db);
  if (!kept || kept.edition !== edition) catalogs.set(db, (kept = { edition, caches: catalogCaches(db) }));
  const catalog = kept.caches;
  return {
    places: (language: Language) => catalog.places(language),
    destinations: (language: Language) => catalog.destinations(language),
    suppliers: () => catalog.suppliers("all"),
    lowestDailyPrices: () => catalog.lowestDailyPrices("all"),
    settings: () => catalog.settings("all"),
  };
}
