import { describe, expect, it } from "vitest";
import {
  checkRentalPeriod,
  defaultPeriod,
  instantToLocalDateTime,
  localDateTimeToInstant,
  MAX_RENTAL_DAYS,
} from "./rental-period";

describe("localDateTimeToInstant", () => {
  it.each([
    ["2030-01-15T10:00", "Africa/Tunis", "2030-01-15T09:00:00.000Z"],
    ["2030-07-15T10:00", "Europe/Paris", "2030-07-15T08:00:00.000Z"],
    ["2030-01-15T10:00", "Europe/Paris", "2030-01-15T09:00:00.000Z"],
    ["2030-03-31T03:30", "Europe/Paris", "2030-03-31T01:30:00.000Z"], // just after the spring-forward gap
    ["2030-10-27T12:00", "Europe/Madrid", "2030-10-27T11:00:00.000Z"], // the day clocks go back
    ["2030-01-15T10:00", "UTC", "2030-01-15T10:00:00.000Z"],
  ])("%s in %s", (local, zone, iso) => {
    expect(localDateTimeToInstant(local, zone)?.toISOString()).toBe(iso);
  });

  it("accepts seconds, as a copied or hand-written URL may carry them, and drops them", () => {
    expect(localDateTimeToInstant("2030-01-15T10:00:00", "UTC")?.toISOString()).toBe("2030-01-15T10:00:00.000Z");
    expect(localDateTimeToInstant("2030-01-15T10:00:59.999", "UTC")?.toISOString()).toBe("2030-01-15T10:00:00.000Z");
  });

  it.each([
    "",
    "2030-02-31T10:00",
    "2030-13-01T10:00",
    "2030-01-01T24:00",
    "2030-01-01 10:00",
    "yesterday",
    "2030-01-15T10:00:61",
    "2030-01-15T10:00:00Z",
  ])("rejects %j", (text) => {
    expect(localDateTimeToInstant(text, "UTC")).toBeNull();
  });

  it("round-trips through instantToLocalDateTime", () => {
    const instant = localDateTimeToInstant("2030-08-01T18:45", "Africa/Casablanca")!;
    expect(instantToLocalDateTime(instant, "Africa/Casablanca")).toBe("2030-08-01T18:45");
  });
});

describe("checkRentalPeriod", () => {
  const now = new Date("2030-01-01T12:00:00Z");
  const at = (iso: string) => new Date(iso);
  const rules = { minPickupHours: 1, minRentalHours: 1 };

  it("accepts a valid period", () => {
    expect(checkRentalPeriod(at("2030-01-02T10:00:00Z"), at("2030-01-05T10:00:00Z"), now, rules)).toEqual([]);
  });
  it("accepts a pick-up exactly at the minimum lead time", () => {
    expect(checkRentalPeriod(at("2030-01-01T13:00:00Z"), at("2030-01-01T14:00:00Z"), now, rules)).toEqual([]);
  });
  it("refuses a pick-up too soon, with the hour count for the plural", () => {
    expect(checkRentalPeriod(at("2030-01-01T12:30:00Z"), at("2030-01-03T10:00:00Z"), now, rules)).toEqual([
      { field: "from", key: "validation.pickupTooSoon", params: { count: 1 } },
    ]);
    expect(
      checkRentalPeriod(at("2030-01-01T13:00:00Z"), at("2030-01-03T10:00:00Z"), now, {
        ...rules,
        minPickupHours: 3,
      })[0],
    ).toMatchObject({
      params: { count: 3 },
    });
  });
  it("refuses a drop-off before or at the pick-up", () => {
    expect(checkRentalPeriod(at("2030-01-03T10:00:00Z"), at("2030-01-03T10:00:00Z"), now, rules)).toEqual([
      { field: "to", key: "validation.dropoffBeforePickup" },
    ]);
  });
  it("refuses a rental longer than a year, counting days on the place's clocks", () => {
    expect(checkRentalPeriod(at("2030-01-02T10:00:00Z"), at("2031-01-02T10:00:00Z"), now, rules)).toEqual([]);
    // A year across a 29 February is 366 days, and still a year.
    expect(checkRentalPeriod(at("2031-03-01T10:00:00Z"), at("2032-03-01T10:00:00Z"), now, rules)).toEqual([]);
    expect(checkRentalPeriod(at("2031-03-01T10:00:00Z"), at("2032-03-01T10:01:00Z"), now, rules)).toEqual([
      { field: "to", key: "validation.rentalTooLong", params: { count: MAX_RENTAL_DAYS } },
    ]);
    expect(
      checkRentalPeriod(at("2030-01-02T10:00:00Z"), at("9999-12-31T10:00:00Z"), now, rules, "Europe/Paris")[0]?.key,
    ).toBe("validation.rentalTooLong");
  });
  it("refuses a rental shorter than the minimum", () => {
    expect(
      checkRentalPeriod(at("2030-01-03T10:00:00Z"), at("2030-01-03T11:00:00Z"), now, { ...rules, minRentalHours: 2 }),
    ).toEqual([{ field: "to", key: "validation.rentalTooShort", params: { count: 2 } }]);
  });
});

describe("defaultPeriod", () => {
  it("starts tomorrow at 10:00 local time and lasts three days", () => {
    expect(defaultPeriod(new Date("2030-01-01T23:30:00Z"), "Africa/Tunis")).toEqual({
      from: "2030-01-03T10:00",
      to: "2030-01-06T10:00",
    });
    expect(defaultPeriod(new Date("2030-01-31T12:00:00Z"), "UTC")).toEqual({
      from: "2030-02-01T10:00",
      to: "2030-02-04T10:00",
    });
  });
});
