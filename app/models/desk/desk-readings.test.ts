import { describe, expect, it } from "vitest";
import { EVENT_SET_BACK_HOURS, eventTimeFrom, rentalUse } from "./desk-readings";

describe("the time of a desk event", () => {
  // 14:30 in Paris (UTC+1 in January).
  const now = new Date("2027-01-15T13:30:20Z");

  it.each([
    ["nothing typed: now", undefined, { ok: true, at: now }],
    ["earlier today", "09:15", { ok: true, at: new Date("2027-01-15T08:15:00Z") }],
    ["the minute now", "14:30", { ok: true, at: new Date("2027-01-15T13:30:00Z") }],
    ["the limit, 12 hours back", "02:31", { ok: true, at: new Date("2027-01-15T01:31:00Z") }],
    ["before the limit", "02:29", { ok: false, reason: "tooEarly" }],
    ["later today, yesterday's too far back: ahead of now", "15:00", { ok: false, reason: "future" }],
  ])("%s", (_, typed, expected) => {
    expect(eventTimeFrom(typed, now, "Europe/Paris")).toEqual(expected);
  });

  it("reads a late evening's time after midnight as yesterday's", () => {
    const justAfterMidnight = new Date("2027-01-15T23:20:00Z"); // 00:20 on the 16th in Paris
    expect(eventTimeFrom("23:50", justAfterMidnight, "Europe/Paris")).toEqual({
      ok: true,
      at: new Date("2027-01-15T22:50:00Z"),
    });
  });

  it("refuses a time ahead of now that yesterday cannot explain", () => {
    // 20:00 in Paris: 20:30 today is ahead; yesterday's 20:30 is 23.5 hours back.
    const evening = new Date("2027-01-15T19:00:00Z");
    expect(eventTimeFrom("20:30", evening, "Europe/Paris")).toEqual({ ok: false, reason: "future" });
    expect(EVENT_SET_BACK_HOURS).toBeLessThan(24);
  });

  it("reads the clock of the place, not the server's", () => {
    // 08:30 in New York.
    expect(eventTimeFrom("07:15", now, "America/New_York")).toEqual({
      ok: true,
      at: new Date("2027-01-15T12:15:00Z"),
    });
    // 00:30 on the 16th in Sydney: 09:15 on the 16th is ahead of now; on the 15th it is 15 hours back.
    expect(eventTimeFrom("09:15", now, "Australia/Sydney")).toEqual({ ok: false, reason: "future" });
  });
});

describe("what a rental used", () => {
  it("gives the kilometres driven and the fuel's change in eighths", () => {
    expect(rentalUse({ mileage: 30_000, fuelEighths: 8 }, { mileage: 30_750, fuelEighths: 6 })).toEqual({
      driven: 750,
      fuelChange: -2,
    });
    expect(rentalUse({ mileage: 10, fuelEighths: 4 }, { mileage: 10, fuelEighths: 8 })).toEqual({
      driven: 0,
      fuelChange: 4,
    });
  });
});
