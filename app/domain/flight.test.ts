import { describe, expect, it } from "vitest";
import { checkFlightNumber, minutesAfterClosing, parseFlightNumber } from "./flight";

describe("a flight number", () => {
  it.each([
    ["AF 1234", "AF 1234"],
    ["af1234", "AF 1234"],
    ["U2 4821", "U2 4821"],
    ["9W-302", "9W 302"],
    ["IBE 3201", "IBE 3201"],
    ["TU 712A", "TU 712A"],
  ])("%s is %s", (text, flight) => expect(parseFlightNumber(text)).toBe(flight));

  it.each(["", "1234", "A", "AF", "AF 12345", "22 123", "AF 12;drop", "ABCD 12"])("%j is not one", (text) =>
    expect(parseFlightNumber(text)).toBeNull(),
  );
});

describe("minutes after the desk closed", () => {
  // Monday 08:00–22:00; Tuesday split 08:00–12:00 and 14:00–18:00; Wednesday closed; the rest round the clock.
  const hours = [
    ["08:00", "22:00"],
    ["08:00", "12:00", "14:00", "18:00"],
    null,
    ["00:00", "23:59"],
    ["00:00", "23:59"],
    ["00:00", "23:59"],
    ["00:00", "23:59"],
  ] as const;
  it.each([
    ["Monday 22:45", "2030-06-10T22:45", 45],
    ["Monday at closing time", "2030-06-10T22:00", null],
    ["Monday before opening", "2030-06-10T06:30", null],
    ["Tuesday 18:30, after the second span", "2030-06-11T18:30", 30],
    ["Tuesday 13:00, between the spans", "2030-06-11T13:00", null],
    ["Wednesday, closed all day", "2030-06-12T10:00", null],
  ])("%s", (_name, at, minutes) => expect(minutesAfterClosing(hours, at)).toBe(minutes));
});

describe("a flight number against what the booking needs", () => {
  it.each([
    ["", "none", null, null],
    ["AF 1234", "none", null, null],
    ["", "optional", null, null],
    ["af1234", "optional", "AF 1234", null],
    ["AF 12345", "optional", null, "checkout:problems.flightNumber"],
    ["", "required", null, "checkout:problems.flightRequired"],
    ["TU712", "required", "TU 712", null],
  ] as const)("%j when %s: %s, %s", (typed, need, flightNumber, problem) =>
    expect(checkFlightNumber(typed, need)).toEqual({ flightNumber, problem }),
  );
});
