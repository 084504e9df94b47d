import { describe, expect, it } from "vitest";
import { clearedFilters, hasActiveFilters, returnsToSameLocation, searchQuery, truncate } from "./search";
import { parseSearchParams, searchSchema } from "./search-params";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("parseSearchParams", () => {
  it("reads every filter", () => {
    const params = parse(
      "pickup=tunis&from=2030-01-02T10:00&to=2030-01-05T10:00&terms=freeCancellation&terms=payAtPickUp&range=mini&range=midi&rating=3&seats=5plus&specs=aircon&multimedia=bluetooth&multimedia=appleCarPlay&deposit=500&fuelPolicy=fullToFull&supplier=atlas-rent&gearbox=automatic&mileage=unlimited&fuelType=electric&sort=rating&page=2",
    );
    expect(params).toMatchObject({
      pickup: "tunis",
      terms: ["freeCancellation", "payAtPickUp"],
      range: ["mini", "midi"],
      rating: 3,
      seats: ["5plus"],
      specs: ["aircon"],
      multimedia: ["bluetooth", "appleCarPlay"],
      deposit: 500,
      fuelPolicy: ["fullToFull"],
      supplier: ["atlas-rent"],
      gearbox: ["automatic"],
      mileage: ["unlimited"],
      fuelType: ["electric"],
      sort: "rating",
      page: 2,
    });
    expect(hasActiveFilters(params)).toBe(true);
  });

  it("drops unknown or hostile values instead of failing", () => {
    const params = parse(
      "range=spaceship&range=mini&range=mini&rating=9&deposit=300&sort=cheapest&page=-4&supplier=../../etc&seats=3&terms=refundable",
    );
    expect(params).toMatchObject({
      terms: [],
      range: ["mini"],
      rating: undefined,
      deposit: undefined,
      sort: "price-asc",
      page: 1,
      supplier: [],
      seats: [],
    });
  });

  it("never throws, whatever the query holds", () => {
    const hostile = [
      "",
      " ",
      "x".repeat(5000),
      "2030-03-10T10:00:00",
      "%00",
      "\u0000",
      "💥".repeat(300),
      "-1",
      "1e309",
      "NaN",
      "[object Object]",
    ];
    for (const key of [...Object.keys(searchSchema.shape), "unknown"]) {
      for (const value of hostile) {
        const query = new URLSearchParams();
        query.append(key, value);
        query.append(key, value);
        expect(() => parseSearchParams(query), `${key}=${value.slice(0, 20)}`).not.toThrow();
      }
    }
    // Over-long places and dates are kept (cut short) so the page can say what is wrong with them.
    expect(parse(`pickup=${"a".repeat(500)}&from=${"2".repeat(100)}`)).toMatchObject({
      pickup: "a".repeat(100),
      from: "2".repeat(32),
    });
    expect(parse("from=2030-03-10T10:00:00").from).toBe("2030-03-10T10:00:00");
  });

  it("defaults to the first page, cheapest first, no filter", () => {
    const params = parse("");
    expect(params).toMatchObject({ sort: "price-asc", page: 1, range: [] });
    expect(hasActiveFilters(params)).toBe(false);
  });
});

describe("returnsToSameLocation", () => {
  it.each([
    ["box ticked", { same: "on", pickup: "a", dropoff: "b" }, true],
    ["no drop-off named", { pickup: "a" }, true],
    ["same place named", { pickup: "a", dropoff: "a" }, true],
    ["another place, box unticked", { pickup: "a", dropoff: "b" }, false],
  ])("%s", (_name, params, expected) => {
    expect(returnsToSameLocation(params)).toBe(expected);
  });
});

describe("searchQuery", () => {
  it("writes a canonical query and applies changes", () => {
    const params = parse("pickup=tunis&range=mini&sort=price-asc&page=3");
    expect(searchQuery(params)).toBe("pickup=tunis&range=mini&page=3");
    expect(searchQuery(params, { page: 1 })).toBe("pickup=tunis&range=mini");
    expect(searchQuery(params, { sort: "rating" })).toBe("pickup=tunis&range=mini&sort=rating&page=3");
  });
  it("clears filters but keeps place, dates and sort", () => {
    const params = parse("pickup=tunis&from=2030-01-02T10:00&range=mini&rating=2&sort=rating&page=4");
    expect(clearedFilters(params)).toBe("pickup=tunis&from=2030-01-02T10%3A00&sort=rating");
  });
});

describe("truncate (spec §9)", () => {
  it.each([
    ["Mercedes-Benz Sprinter Minibus", 12, "Mercedes-Be…"],
    ["Short", 12, "Short"],
    ["Abcdefgh", 6, "Abcde…"],
    ["Abcdefgh", 5, "Abcde"],
    ["Abcdefgh", 0, ""],
  ])("%s at %i", (text, limit, expected) => {
    expect(truncate(text, limit)).toBe(expected);
  });
});

describe("the form's date and time fields (decision 036)", () => {
  it("make the period a link carries as one value per stop", () => {
    const params = parseSearchParams(
      new URLSearchParams("pickup=tunis&fromDate=2027-03-01&fromTime=10:00&toDate=2027-03-04&toTime=09:30"),
    );
    expect(params).toMatchObject({ from: "2027-03-01T10:00", to: "2027-03-04T09:30" });
    expect(searchQuery(params)).toBe("pickup=tunis&from=2027-03-01T10%3A00&to=2027-03-04T09%3A30");
  });

  it("give way to a link's own value, and a date without its time is no date", () => {
    const params = parseSearchParams(
      new URLSearchParams("from=2027-03-02T08:00&fromDate=2027-03-01&fromTime=10:00&toDate=2027-03-04"),
    );
    expect(params.from).toBe("2027-03-02T08:00");
    expect(params.to).toBe("2027-03-04T");
  });
});
