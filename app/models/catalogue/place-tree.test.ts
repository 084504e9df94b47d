import { describe, expect, it } from "vitest";
import { inTreeOrder, type TreePlace } from "./place-tree";

const place = (slug: string, name: string, parentSlug: string | null = null, countryName = "Tunisia"): TreePlace => ({
  slug,
  name,
  parentSlug,
  countryName,
});

describe("places in a list's order", () => {
  it("puts each place right after its parent, whatever the names", () => {
    const places = [
      place("tunis", "Tunis"),
      place("la-marsa", "La Marsa", "tunis"),
      place("hammamet", "Hammamet"),
      place("carthage", "Carthage", "tunis"),
      place("tunis-airport", "Aéroport de Tunis-Carthage", "tunis"),
    ];
    expect(inTreeOrder(places, "fr").map((p) => p.slug)).toEqual([
      "hammamet",
      "tunis",
      "tunis-airport",
      "carthage",
      "la-marsa",
    ]);
  });

  it("orders by country first, in the reader's language, and places any depth under its parent", () => {
    const places = [
      place("barcelona", "Barcelona", null, "España"),
      place("madrid", "Madrid", null, "España"),
      place("mad", "Aeropuerto de Madrid-Barajas", "madrid", "España"),
      place("t4", "Terminal 4", "mad", "España"),
      place("paris", "París", null, "Francia"),
    ];
    expect(inTreeOrder(places, "es").map((p) => p.slug)).toEqual(["barcelona", "madrid", "mad", "t4", "paris"]);
  });

  it("keeps a place whose parent is not in the list, and places in a loop, rather than losing them", () => {
    const orphan = place("suburb", "Suburb", "gone");
    const loop = [place("a", "A", "b"), place("b", "B", "a")];
    const ordered = inTreeOrder([...loop, orphan], "en");
    expect(ordered.map((p) => p.slug).sort()).toEqual(["a", "b", "suburb"]);
    expect(ordered.map((p) => p.slug)[0]).toBe("suburb");
  });
});
