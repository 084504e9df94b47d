/** The desk-hours rule (decision 024), one row per case: the day of the week, the edges, closed days, no hours. */
import { describe, expect, it } from "vitest";
import { checkDeskHours, deskHoursAt, isWeeklyHours, weekdayName, weekdayOf, type WeeklyHours } from "./pickup-desk";

// Monday to Friday 08:00–20:00, Saturday 09:00–13:00, closed on Sunday.
const CITY: WeeklyHours = [
  ["08:00", "20:00"],
  ["08:00", "20:00"],
  ["08:00", "20:00"],
  ["08:00", "20:00"],
  ["08:00", "20:00"],
  ["09:00", "13:00"],
  null,
];
const ALWAYS: WeeklyHours = Array.from({ length: 7 }, () => ["00:00", "24:00"] as const);
// Split hours (decision 027): closed for lunch every day.
const LUNCH: WeeklyHours = Array.from({ length: 7 }, () => ["08:00", "12:00", "14:00", "18:00"] as const);

describe("deskHoursAt", () => {
  // 2030-06-03 is a Monday.
  it.each<[string, WeeklyHours, string, boolean]>([
    ["a Monday at 10:00", CITY, "2030-06-03T10:00", true],
    ["a Monday at 03:00", CITY, "2030-06-03T03:00", false],
    ["a Monday at its opening minute", CITY, "2030-06-03T08:00", true],
    ["a Monday a minute before opening", CITY, "2030-06-03T07:59", false],
    ["a Monday at its closing minute", CITY, "2030-06-03T20:00", true],
    ["a Monday a minute after closing", CITY, "2030-06-03T20:01", false],
    ["a Saturday at 12:00", CITY, "2030-06-08T12:00", true],
    ["a Saturday at 15:00", CITY, "2030-06-08T15:00", false],
    ["a Sunday at 10:00 (closed)", CITY, "2030-06-09T10:00", false],
    ["an airport desk at 03:00", ALWAYS, "2030-06-09T03:00", true],
    ["an airport desk at 23:59", ALWAYS, "2030-06-09T23:59", true],
    ["split hours, in the morning", LUNCH, "2030-06-03T11:30", true],
    ["split hours, at lunch", LUNCH, "2030-06-03T13:00", false],
    ["split hours, at reopening", LUNCH, "2030-06-03T14:00", true],
    ["split hours, after closing", LUNCH, "2030-06-03T18:01", false],
  ])("%s → open: %s", (_name, hours, at, open) => {
    expect(deskHoursAt(hours, at).open).toBe(open);
  });

  it("counts Monday as the first day", () => {
    expect(weekdayOf("2030-06-03T10:00")).toBe(0);
    expect(weekdayOf("2030-06-09T10:00")).toBe(6);
    expect(weekdayName("en")(0)).toBe("Monday");
    expect(weekdayName("fr")(6)).toBe("dimanche");
  });
});

describe("checkDeskHours", () => {
  const en = weekdayName("en");
  it("names the place, the day and its hours for a 03:00 pick-up, and a closed day for a Sunday drop-off", () => {
    expect(
      checkDeskHours(
        [
          { field: "from", place: "Tunis", hours: CITY, localDateTime: "2030-06-03T03:00" },
          { field: "to", place: "Sousse", hours: CITY, localDateTime: "2030-06-09T10:00" },
        ],
        en,
      ),
    ).toEqual([
      {
        field: "from",
        key: "validation.pickupOutsideHours",
        params: { place: "Tunis", day: "Monday", hours: "08:00–20:00" },
      },
      { field: "to", key: "validation.dropoffDeskClosed", params: { place: "Sousse", day: "Sunday", hours: "" } },
    ]);
  });

  it("finds nothing within the hours, or where a desk has no hours on record", () => {
    expect(
      checkDeskHours(
        [
          { field: "from", place: "Tunis", hours: CITY, localDateTime: "2030-06-03T10:00" },
          { field: "to", place: "Nowhere", hours: null, localDateTime: "2030-06-09T03:00" },
        ],
        en,
      ),
    ).toEqual([]);
  });
});

describe("isWeeklyHours", () => {
  it.each<[string, unknown, boolean]>([
    ["a week of hours", CITY, true],
    ["round the clock", ALWAYS, true],
    ["six days", CITY.slice(0, 6), false],
    ["closing before opening", [...CITY.slice(0, 6), ["20:00", "08:00"]], false],
    ["a time that is not one", [...CITY.slice(0, 6), ["8h", "20:00"]], false],
    ["split hours", LUNCH, true],
    ["split hours that overlap", [...CITY.slice(0, 6), ["08:00", "13:00", "12:00", "18:00"]], false],
    ["three times", [...CITY.slice(0, 6), ["08:00", "12:00", "14:00"]], false],
    ["nothing", null, false],
  ])("%s → %s", (_name, value, expected) => {
    expect(isWeeklyHours(value)).toBe(expected);
  });
});
