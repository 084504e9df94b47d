import { describe, expect, it } from "vitest";
import { escapeText, rentalCalendar, utcOffsetMinutes } from "./ical";

describe("rental calendar (.ics)", () => {
  const calendar = rentalCalendar({
    uid: "b1",
    description: "Booking AB12CD34; Peugeot 208, Carthage Cars",
    url: "https://rent.example/booking?b=b1",
    now: new Date("2030-06-01T10:00:00Z"),
    stops: [
      {
        summary: "Pick-up: Peugeot 208",
        location: "Tunis",
        at: new Date("2030-07-01T08:00:00Z"),
        timeZone: "Africa/Tunis",
      },
      {
        summary: "Drop-off: Peugeot 208",
        location: "Paris, Orly",
        at: new Date("2030-07-04T08:00:00Z"),
        timeZone: "Europe/Paris",
      },
    ],
  });

  it("writes each stop at the place's own wall-clock time", () => {
    // 08:00 UTC is 09:00 in Tunis and 10:00 in Paris (summer time).
    expect(calendar).toContain("DTSTART;TZID=Africa/Tunis:20300701T090000");
    expect(calendar).toContain("DTSTART;TZID=Europe/Paris:20300704T100000");
    expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });

  it("escapes text and uses CRLF line ends with lines of at most 75 octets", () => {
    expect(calendar).toContain("LOCATION:Paris\\, Orly");
    expect(escapeText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
    for (const line of calendar.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(calendar.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("defines every TZID it uses with a VTIMEZONE: the zone's offsets and, where the clocks change, each change", () => {
    const zones = calendar
      .split("BEGIN:VTIMEZONE")
      .slice(1)
      .map((part) => part.split("END:VTIMEZONE")[0]!);
    expect(zones.map((zone) => /TZID:(.+)/.exec(zone)?.[1]?.trim())).toEqual(["Africa/Tunis", "Europe/Paris"]);
    // Tunis keeps +01:00 all year; Paris moves to +02:00 on the last Sunday of March at 02:00 and back in October.
    expect(zones[0]).toContain("DTSTART:19700101T000000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100");
    expect(zones[1]).toContain("BEGIN:DAYLIGHT\r\nDTSTART:20300331T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200");
    expect(zones[1]).toContain("BEGIN:STANDARD\r\nDTSTART:20301027T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100");
    expect(calendar.indexOf("END:VTIMEZONE")).toBeLessThan(calendar.indexOf("BEGIN:VEVENT"));
  });

  it("reads the zone's offset at an instant, half hours included", () => {
    expect(utcOffsetMinutes(new Date("2030-07-01T00:00:00Z"), "Asia/Kolkata")).toBe(330);
    expect(utcOffsetMinutes(new Date("2030-07-01T00:00:00Z"), "America/New_York")).toBe(-240);
    expect(utcOffsetMinutes(new Date("2030-07-01T00:00:00Z"), "UTC")).toBe(0);
  });
});
