import { describe, expect, it } from "vitest";
import { findPlace, MAP_MARKER_LIMIT, matchPlaces, normalizedPlaceText, placesToMark } from "./place-finder";

const place = (slug: string, name: string, carCount = 1) => ({ slug, name, countryName: "Tunisia", carCount });
const places = [
  place("tunis", "Tunis", 20),
  place("tunis-airport", "Tunis-Carthage Airport", 8),
  place("malaga", "Málaga", 5),
  place("la-marsa", "La Marsa", 3),
  place("paris-fr", "Paris", 9),
  place("paris-tx", "Paris", 1),
];

describe("finding a place by what was typed", () => {
  it("ignores case, accents and extra spaces", () => {
    expect(normalizedPlaceText("  MÁLAGA   del  Sol ")).toBe("malaga del sol");
  });

  it("takes a slug, a whole name, or the only name that starts with or contains the text", () => {
    expect(findPlace(places, "tunis-airport")).toEqual({ place: places[1] });
    expect(findPlace(places, "tunis")).toEqual({ place: places[0] });
    expect(findPlace(places, "malaga")).toEqual({ place: places[2] });
    expect(findPlace(places, "marsa")).toEqual({ place: places[3] });
  });

  it("offers choices when several places fit, the busiest first, and says when none does", () => {
    expect(findPlace(places, "tun")).toEqual({ choices: [places[0], places[1]] });
    expect(findPlace(places, "Paris")).toEqual({ choices: [places[4], places[5]] });
    expect(findPlace(places, "Nowhere")).toEqual({ none: true });
    expect(findPlace(places, "   ")).toEqual({ none: true });
  });

  it("ranks whole names before beginnings before the rest, and keeps to the limit", () => {
    expect(matchPlaces(places, "la").map((p) => p.slug)).toEqual(["la-marsa", "malaga"]);
    expect(matchPlaces(places, "a", 3).map((p) => p.slug)).toEqual(["paris-fr", "tunis-airport", "malaga"]);
    expect(matchPlaces(places, "paris", 1).map((p) => p.slug)).toEqual(["paris-fr"]);
  });

  it("marks every place of a small network and the busiest of a large one", () => {
    expect(placesToMark(places)).toBe(places);
    const many = Array.from({ length: MAP_MARKER_LIMIT + 50 }, (_, i) => place(`p${i}`, `P ${i}`, i));
    const marked = placesToMark(many);
    expect(marked).toHaveLength(MAP_MARKER_LIMIT);
    expect(marked[0]!.carCount).toBe(MAP_MARKER_LIMIT + 49);
    expect(Math.min(...marked.map((p) => p.carCount))).toBe(50);
  });
});
