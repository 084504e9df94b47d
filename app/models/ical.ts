/**
 * An iCalendar (RFC 5545) file of a rental: the pick-up and the drop-off as two events, each at the place's local
 * time (TZID) so a calendar shows the time the counter keeps, wherever the driver's phone is.
 */
import { instantToLocalDateTime } from "./rental-period";

export interface CalendarStop {
  summary: string;
  location: string;
  at: Date;
  timeZone: string;
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in text values. */
export const escapeText = (text: string) => text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

const localStamp = (at: Date, timeZone: string) => instantToLocalDateTime(at, timeZone).replace(/[-:]/g, "") + "00";
const utcStamp = (at: Date) => at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

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

export function rentalCalendar(input: { uid: string; description: string; url: string; stops: CalendarStop[]; now: Date }): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Rentacar//Booking//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  input.stops.forEach((stop, index) => {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${input.uid}-${index}@rentacar`,
      `DTSTAMP:${utcStamp(input.now)}`,
      `DTSTART;TZID=${stop.timeZone}:${localStamp(stop.at, stop.timeZone)}`,
      `DTEND;TZID=${stop.timeZone}:${localStamp(new Date(stop.at.getTime() + 30 * 60_000), stop.timeZone)}`,
      `SUMMARY:${escapeText(stop.summary)}`,
      `LOCATION:${escapeText(stop.location)}`,
      `DESCRIPTION:${escapeText(input.description)}`,
      `URL:${input.url}`,
      "END:VEVENT",
    );
  });
  lines.push("END:VCALENDAR");
  return lines.map(fold).join("\r\n") + "\r\n";
}
