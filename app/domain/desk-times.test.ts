import { describe, expect, it } from "vitest";
import { deskTimeChoices, joinDateTime, nearestTime, withSelected, type DeskClock } from "./desk-times";
import type { WeeklyHours } from "./pickup-desk";

// Monday 08:00–19:00; Tuesday split 08:00–12:00 and 14:00–18:00; Wednesday to Saturday 06:00–23:30; Sunday closed.
const week: WeeklyHours = [
  ["08:00", "19:00"],
  ["08:00", "12:00", "14:00", "18:00"],
  ["06:00", "23:30"],
  ["06:00", "23:30"],
  ["06:00", "23:30"],
  ["06:00", "23:30"],
  null,
];
const office: DeskClock = { hours: week, timeZone: "Africa/Tunis", airport: false };
const airport: DeskClock = { ...office, airport: true };
// 2027-03-01 is a Monday.
const MONDAY = "2027-03-01";
const TUESDAY = "2027-03-02";
const SUNDAY = "2027-03-07";

describe("the times a search form offers", () => {
  it("lists every half-hour the desk is open, opening and closing included", () => {
    const { open, late, closed } = deskTimeChoices(MONDAY, office, "Africa/Tunis", 0);
    expect(open[0]).toBe("08:00");
    expect(open.at(-1)).toBe("19:00");
    expect(open).toHaveLength(23);
    expect(late).toEqual([]);
    expect(closed).toBe(false);
  });

  it("leaves out a desk's lunch break", () => {
    const { open } = deskTimeChoices(TUESDAY, office, "Africa/Tunis", 0);
    expect(open).toContain("12:00");
    expect(open).not.toContain("12:30");
    expect(open).not.toContain("13:30");
    expect(open).toContain("14:00");
    expect(open.at(-1)).toBe("18:00");
  });

  it("offers every time on a closed day and says it is closed", () => {
    const choices = deskTimeChoices(SUNDAY, office, "Africa/Tunis", 0);
    expect(choices.closed).toBe(true);
    expect(choices.open).toHaveLength(48);
  });

  it("offers every time where no hours are on record, or the date is not one", () => {
    expect(deskTimeChoices(MONDAY, { ...office, hours: null }, "Africa/Tunis", 0).open).toHaveLength(48);
    expect(deskTimeChoices("2027-13-01", office, "Africa/Tunis", 0).open).toHaveLength(48);
    expect(deskTimeChoices(MONDAY, null, "UTC", 0)).toMatchObject({ closed: false, late: [] });
  });

  it("adds the times after closing a late flight may be met, at airports only", () => {
    const { open, late } = deskTimeChoices(MONDAY, airport, "Africa/Tunis", 120);
    expect(open.at(-1)).toBe("19:00");
    expect(late).toEqual(["19:15", "19:30", "19:45", "20:00", "20:15", "20:30", "20:45", "21:00"]);
    expect(deskTimeChoices(MONDAY, office, "Africa/Tunis", 120).late).toEqual([]);
    expect(deskTimeChoices(MONDAY, airport, "Africa/Tunis", 0).late).toEqual([]);
    // A desk closing at 23:30 meets a flight at 23:45; not after midnight, when the next day's desk has not opened.
    expect(deskTimeChoices("2027-03-03", airport, "Africa/Tunis", 120).late).toEqual(["23:45"]);
  });

  it("reads a drop-off typed on another zone's clock on its desk's own clock", () => {
    // Typed on London's clock (UTC in March before the 28th), returned in Madrid (UTC+1).
    const madrid: DeskClock = { hours: week, timeZone: "Europe/Madrid", airport: false };
    const { open } = deskTimeChoices(MONDAY, madrid, "Europe/London", 0);
    // London 07:00 is Madrid 08:00, its opening; London 18:00 is Madrid 19:00, its closing.
    expect(open[0]).toBe("07:00");
    expect(open.at(-1)).toBe("18:00");
  });
});

describe("a time a link asked for", () => {
  it("is kept in the list, in order", () => {
    expect(withSelected(["08:00", "08:30"], "08:15")).toEqual(["08:00", "08:15", "08:30"]);
    expect(withSelected(["08:00"], "08:00")).toEqual(["08:00"]);
    expect(withSelected(["08:00"], "nonsense")).toEqual(["08:00"]);
  });
});

describe("a date and a time sent apart", () => {
  it.each([
    ["2027-03-01", "10:00", "2027-03-01T10:00"],
    ["2027-03-01", undefined, "2027-03-01T"],
    [undefined, undefined, undefined],
  ])("%s and %s make %s", (date, time, joined) => expect(joinDateTime(date, time)).toBe(joined));
});

describe("the time kept when the list changes", () => {
  it.each([
    ["10:00", "10:00"],
    ["05:00", "08:00"],
    ["12:45", "12:00"],
    ["13:00", "12:00"],
    ["13:15", "14:00"],
    ["23:00", "18:00"],
  ])("%s becomes %s on a split day", (time, kept) =>
    expect(nearestTime(deskTimeChoices(TUESDAY, office, "Africa/Tunis", 0).open, time)).toBe(kept),
  );
});
