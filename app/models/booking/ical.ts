/**
 * An iCalendar (RFC 5545) file of a rental: the pick-up and the drop-off as two events, each at the place's local
 * time (TZID) so a calendar shows the time the counter keeps, wherever the driver's phone is. Each TZID is defined
 * by a VTIMEZONE (RFC 5545 §3.6.5) built from the runtime's time-zone data, so a calendar that does not know the
 * zone's name still places the events right.
 */
import { instantToLocalDateTime } from "~/domain/rental-period";

export interface CalendarStop {
  summary: string;
  location: string;
  /** What the event adds to the description: the desk's place, phone and hours (decision 024). */
  details?: string;
  at: Date;
  timeZone: string;
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in text values. */
export const escapeText = (text: string) =>
  text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

const localStamp = (at: Date, timeZone: string) => instantToLocalDateTime(at, timeZone).replace(/[-:]/g, "") + "00";
const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Lines longer than 75 octets are folded (a CRLF and a space), as RFC 5545 §3.1 requires. */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const char of line) {
    if (Buffer.byteLength(current + char, "utf8") > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = "";
    }
    current += char;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const HOUR_MS = 3_600_000;
// Clocks change at most a few times a year, never twice in a week: the search steps a week at a time.
const STEP_MS = 7 * 24 * HOUR_MS;

/** The zone's offset from UTC at an instant, in minutes (Intl's "GMT+05:30" form). */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
export function utcOffsetMinutes(at: Date, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format)
    offsetFormats.set(timeZone, (format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })));
  const name = format.formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

const offsetText = (minutes: number) =>
  `${minutes < 0 ? "-" : "+"}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0")}${String(Math.abs(minutes) % 60).padStart(2, "0")}`;
const floatingStamp = (at: Date) => utcStamp(at).replace("Z", "");

/**
 * The zone's VTIMEZONE for the years around `instants`: one onset per offset change found (searched a week at a time,
 * then to the minute), each written in the local time before it; a zone without changes gets one STANDARD part.
 */
export function timeZoneComponent(timeZone: string, instants: Date[]): string[] {
  const years = instants.map((at) => at.getUTCFullYear());
  const from = Date.UTC(Math.min(...years) - 1, 0, 1);
  const until = Date.UTC(Math.max(...years) + 1, 11, 31);
  const onsets: Array<{ at: number; before: number; after: number }> = [];
  for (let day = from, before = utcOffsetMinutes(new Date(from), timeZone); day < until; day += STEP_MS) {
    const next = utcOffsetMinutes(new Date(day + STEP_MS), timeZone);
    if (next !== before) {
      let low = day;
      let high = day + STEP_MS;
      while (high - low > 60_000) {
        const middle = low + Math.floor((high - low) / 120_000) * 60_000;
        if (utcOffsetMinutes(new Date(middle), timeZone) === before) low = middle;
        else high = middle;
      }
      onsets.push({ at: high, before, after: next });
      before = next;
    }
  }
  const first = utcOffsetMinutes(new Date(from), timeZone);
  const standard = Math.min(first, ...onsets.map((onset) => onset.after));
  const part = (kind: string, at: number, before: number, after: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${floatingStamp(new Date(at + before * 60_000))}`,
    `TZOFFSETFROM:${offsetText(before)}`,
    `TZOFFSETTO:${offsetText(after)}`,
    `END:${kind}`,
  ];
  const kindOf = (offset: number) => (offset === standard ? "STANDARD" : "DAYLIGHT");
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${timeZone}`,
    // Before the first onset (or always, for a zone without any): the offset of the start of the range.
    ...part(kindOf(first), onsets.length ? from : Date.UTC(1970, 0, 1) - first * 60_000, first, first),
    ...onsets.flatMap((onset) => part(kindOf(onset.after), onset.at, onset.before, onset.after)),
    "END:VTIMEZONE",
  ];
}

export function rentalCalendar(input: {
  uid: string;
  description: string;
  url: string;
  stops: CalendarStop[];
  now: Date;
}): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Rentacar//Booking//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
  ];
  for (const timeZone of new Set(input.stops.map((stop) => stop.timeZone))) {
    lines.push(
      ...timeZoneComponent(
        timeZone,
        input.stops.filter((stop) => stop.timeZone === timeZone).map((stop) => stop.at),
      ),
    );
  }
  input.stops.forEach((stop, index) => {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${input.uid}-${index}@rentacar`,
      `DTSTAMP:${utcStamp(input.now)}`,
      `DTSTART;TZID=${stop.timeZone}:${localStamp(stop.at, stop.timeZone)}`,
      `DTEND;TZID=${stop.timeZone}:${localStamp(new Date(stop.at.getTime() + 30 * 60_000), stop.timeZone)}`,
      `SUMMARY:${escapeText(stop.summary)}`,
      `LOCATION:${escapeText(stop.location)}`,
      `DESCRIPTION:${escapeText(stop.details ? `${input.description}\n${stop.details}` : input.description)}`,
      `URL:${input.url}`,
      "END:VEVENT",
    );
  });
  lines.push("END:VCALENDAR");
  return lines.map(fold).join("\r\n") + "\r\n";
}
