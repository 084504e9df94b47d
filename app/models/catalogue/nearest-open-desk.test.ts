import { describe, expect, it } from "vitest";
import type { WeeklyHours } from "~/domain/pickup-desk";
import { nearestOpenDesk, type PlaceOption } from "./places.server";

const everyDay = (opens: string, closes: string): WeeklyHours =>
  Array.from({ length: 7 }, () => [opens, closes] as const);
const place = (slug: string, values: Partial<PlaceOption> & { hours?: WeeklyHours | null }): PlaceOption => ({
  id: `id-${slug}`,
  slug,
  name: slug,
  countryCode: "FR",
  countryName: "France",
  parentSlug: null,
  latitude: 48.85,
  longitude: 2.35,
  timeZone: "Europe/Paris",
  carCount: 10,
  airport: false,
  ...values,
  desk:
    values.hours === null
      ? null
      : { address: "", kind: null, phone: "", hours: values.hours ?? everyDay("08:00", "19:00") },
});

const city = place("paris", {});
const cdg = place("cdg", { parentSlug: "paris", latitude: 49.0, longitude: 2.55, hours: everyDay("00:00", "24:00") });
const orly = place("orly", {
  parentSlug: "paris",
  latitude: 48.73,
  longitude: 2.36,
  hours: everyDay("06:00", "23:30"),
});
const lyon = place("lyon", { latitude: 45.76, longitude: 4.84, hours: everyDay("00:00", "24:00") });
const empty = place("empty-office", {
  parentSlug: "paris",
  latitude: 48.86,
  longitude: 2.35,
  carCount: 0,
  hours: everyDay("00:00", "24:00"),
});
const places = [city, cdg, orly, lyon, empty];

// 2030-02-04 is a Monday; Paris is UTC+1 in winter.
const at = (local: string) => new Date(`${local}:00+01:00`);

describe("the nearest open desk of the same area", () => {
  it("names the nearest place of the area open at the pick-up and at the return, with its hours that day", () => {
    // 21:00: the city office is closed; Orly (nearer) and CDG are open.
    expect(nearestOpenDesk(places, city, undefined, at("2030-02-04T21:00"), at("2030-02-06T10:00"), "en")).toEqual({
      place: orly,
      hours: "06:00–23:30",
    });
  });

  it("skips a desk closed at the return of a round trip, and a place without cars", () => {
    // Back at 23:45: Orly is closed then, CDG never is; the empty office is nearest but has no car.
    expect(nearestOpenDesk(places, city, undefined, at("2030-02-04T21:00"), at("2030-02-06T23:45"), "en")).toEqual({
      place: cdg,
      hours: "00:00–24:00",
    });
  });

  it("looks from a child place across its whole area, never to another area", () => {
    const closedOrly = nearestOpenDesk(places, orly, undefined, at("2030-02-05T05:00"), at("2030-02-06T10:00"), "en");
    expect(closedOrly?.place.slug).toBe("cdg");
    const nothing = nearestOpenDesk(
      [city, lyon],
      city,
      undefined,
      at("2030-02-04T21:00"),
      at("2030-02-06T10:00"),
      "en",
    );
    expect(nothing).toBeNull();
  });
});
