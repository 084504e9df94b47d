import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "#db/seed";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { MAP_MARKER_LIMIT, PLACE_SELECT_LIMIT } from "./place-finder";
import { loadSearch, loadSearchForm } from "./search-page.server";

const pricing = { currency: "USD" as const, rate: 1, ratesAsOf: null };
const now = new Date("2030-01-10T08:00:00Z");
const search = (database: TestDatabase, query: Record<string, string>) =>
  loadSearch(database.db, {
    query: new URLSearchParams({ from: "2030-02-01T10:00", to: "2030-02-04T10:00", ...query }),
    language: "en",
    pricing,
    now,
  });

// A network too large for a select (decision 015): the form asks for a name, the map marks the busiest places.
describe.each(testEngines)("a large network's search form on %s", (engine) => {
  let database: TestDatabase;
  const extraPlaces = PLACE_SELECT_LIMIT + 40;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemoData(database.db, now);
    // Each generated place beside the demo's first, with one demo car serving it.
    await database.db.execute(sql`
      insert into locations (slug, country_id, name_en, name_fr, name_es, latitude, longitude, time_zone)
      select 'many-' || i, l.country_id, 'Many place ' || i, 'Lieu ' || i, 'Lugar ' || i, l.latitude, l.longitude, l.time_zone
      from generate_series(1, ${extraPlaces}::int) as i, (select * from locations order by slug limit 1) as l`);
    await database.db.execute(sql`
      insert into car_locations (car_id, location_id)
      select (select id from cars where available and not fully_booked and not coming_soon order by id limit 1), id from locations where slug like 'many-%'`);
  }, 120_000);
  afterAll(() => database?.destroy());

  it("sends no list of places, and at most MAP_MARKER_LIMIT markers", async () => {
    const home = await loadSearchForm(database.db, { language: "en", now });
    expect(home.places.input).toBe("search");
    expect(home.places.options).toEqual([]);
    expect(home.places.availableCount).toBeGreaterThan(PLACE_SELECT_LIMIT);
    expect(home.places.markers).toHaveLength(MAP_MARKER_LIMIT);
    const invalid = await search(database, { pickup: "nowhere at all" });
    expect(invalid.places).toMatchObject({ input: "search", options: [] });
    expect(invalid.errors.pickup).toEqual({ key: "validation.unknownLocation" });
  });

  it("searches a place by its name as typed, and offers choices when a name fits several", async () => {
    const found = await search(database, { pickup: "  many PLACE 7 " });
    expect(found.errors).toEqual({});
    expect(found.pickupName).toBe("Many place 7");
    expect(found.params.pickup).toBe("many-7");
    expect(found.results?.total).toBeGreaterThan(0);

    const unsure = await search(database, { pickup: "place 1" });
    expect(unsure.errors.pickup).toEqual({ key: "validation.placeAmbiguous", params: { text: "place 1" } });
    expect(unsure.form.pickupText).toBe("place 1");
    expect(unsure.choices.pickup.map((choice) => choice.slug)).toContain("many-1");
    expect(unsure.choices.pickup.length).toBeGreaterThan(1);
    expect(unsure.results).toBeNull();
  });

  it("still takes a slug, as links and map markers send it", async () => {
    const found = await search(database, { pickup: "many-12", dropoff: "many place 13" });
    expect(found.errors).toEqual({});
    expect(found.form).toMatchObject({
      pickup: "many-12",
      dropoff: "many-13",
      pickupText: "Many place 12",
      dropoffText: "Many place 13",
    });
  });
});

// Decision 025: the one-way fee is for a car returned to another place, however its name was typed (checkout's rule).
describe("one-way searches on the demo catalogue", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedDemoData(database.db, now);
  }, 120_000);
  afterAll(() => database?.destroy());

  it("adds the one-way fee only when the drop-off is another place", async () => {
    const totals = async (query: Record<string, string>) => {
      const page = await search(database, { pickup: "tunis", supplier: "carthage-cars", ...query });
      return page.results!.offers.map((offer) => ({
        id: offer.id,
        total: offer.price.total,
        oneWay: offer.charges.oneWayFee,
      }));
    };
    const roundTrip = await totals({ same: "on" });
    // The pick-up place typed by its name as the drop-off: still a round trip.
    expect(await totals({ dropoff: "Tunis" })).toEqual(roundTrip);
    const oneWay = await totals({ dropoff: "hammamet" });
    expect(roundTrip.length).toBeGreaterThan(0);
    for (const offer of oneWay) {
      const same = roundTrip.find((candidate) => candidate.id === offer.id)!;
      // Carthage Cars: a $25 one-way fee, in rates that include the tax.
      expect(offer).toEqual({ id: offer.id, total: same.total + 2500, oneWay: 2500 });
    }
  });
  it("offers deposit ceilings as round amounts in the currency shown, and keeps the cars under them", async () => {
    const euros = { currency: "EUR" as const, rate: 0.86, ratesAsOf: null };
    const inEuros = (query: Record<string, string>) =>
      loadSearch(database.db, {
        query: new URLSearchParams({ from: "2030-02-01T10:00", to: "2030-02-04T10:00", pickup: "tunis", ...query }),
        language: "fr",
        pricing: euros,
        now,
      });
    const all = await inEuros({});
    expect(all.depositThresholds).toEqual([
      { units: 250, display: 25_000 },
      { units: 500, display: 50_000 },
      { units: 750, display: 75_000 },
    ]);
    const under = await inEuros({ deposit: "250" });
    const kept = under.results!.offers;
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(all.results!.offers.length);
    // Every deposit kept is under €250 as shown; every one left out is at least that.
    for (const offer of kept) expect(offer.deposit).toBeLessThan(25_000);
    const keptIds = new Set(kept.map((offer) => offer.id));
    for (const offer of all.results!.offers.filter((offer) => !keptIds.has(offer.id)))
      expect(offer.deposit).toBeGreaterThanOrEqual(25_000);
  });
});
