/**
 * The rental desk at each place (decision 024, decision 024): where it is, how to call it, and when it is open, in
 * the place's own time zone. A pick-up or a drop-off must fall within the desk's hours on that day (from its opening
 * minute to its closing minute, both included); a place without hours on record takes any time.
 */

import type { DeskKind } from "./enums";

/**
 * One day's hours, 'HH:MM' to 'HH:MM' ('24:00' closes at midnight), or two such spans for a desk that closes at
 * midday (split hours, decision 027: ['08:00', '12:00', '14:00', '18:00']), or null when the desk is closed that day.
 */
export type DayHours =
  | readonly [opens: string, closes: string]
  | readonly [opens: string, closesForLunch: string, reopens: string, closes: string]
  | null;
/** Seven days, Monday first. */
export type WeeklyHours = readonly DayHours[];

export interface PickupDesk {
  address: string;
  kind: DeskKind | null;
  phone: string;
  hours: WeeklyHours | null;
  /** The place's picture (issue 51), so a driver recognises where to go; none when absent or null. */
  image?: string | null;
}

/** What a page shows of a place's desk: where, how to call, and each day's hours (Monday first; null: closed). */
export interface DeskView {
  place: string;
  kind: DeskKind | null;
  address: string;
  phone: string;
  hours: Array<string | null> | null;
  image: string | null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Whether a value read from the database is a week of well-formed hours (anything else counts as none on record). */
export function isWeeklyHours(value: unknown): value is WeeklyHours {
  return (
    Array.isArray(value) &&
    value.length === 7 &&
    value.every(
      (day) =>
        day === null ||
        (Array.isArray(day) &&
          (day.length === 2 || day.length === 4) &&
          day.every(
            (time, index) => TIME.test(String(time)) && (index === 0 || String(day[index - 1]) < String(time)),
          )),
    )
  );
}

/** A place's desk from its columns: hours that are not a well-formed week count as none (any time accepted). */
export function deskFromColumns(row: {
  address: string | null;
  deskKind: DeskKind | null;
  phone: string | null;
  openingHours: unknown;
  image?: string | null;
}): PickupDesk | null {
  if (!row.address && !row.deskKind && !row.phone && !row.openingHours) return null;
  return {
    address: row.address ?? "",
    kind: row.deskKind,
    phone: row.phone ?? "",
    hours: isWeeklyHours(row.openingHours) ? row.openingHours : null,
    image: row.image ?? null,
  };
}

/** What a page shows of a desk, its hours formatted. */
export const deskView = (place: string, desk: PickupDesk): DeskView => ({
  place,
  kind: desk.kind,
  address: desk.address,
  phone: desk.phone,
  hours: desk.hours ? desk.hours.map(formatDayHours) : null,
  image: desk.image ?? null,
});

/** Monday 0 … Sunday 6, of a wall-clock 'YYYY-MM-DDTHH:mm'. */
export const weekdayOf = (localDateTime: string) =>
  (new Date(`${localDateTime.slice(0, 10)}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The desk's hours on the day of a wall-clock 'YYYY-MM-DDTHH:mm', and whether that time is within them. */
export function deskHoursAt(hours: WeeklyHours, localDateTime: string): { day: DayHours; open: boolean } {
  const day = hours[weekdayOf(localDateTime)] ?? null;
  const time = localDateTime.slice(11, 16);
  return { day, open: spansOf(day).some(([opens, closes]) => opens <= time && time <= closes) };
}

/** A day's spans as pairs: one, two (split hours) or none (closed). */
export function spansOf(day: DayHours): Array<readonly [string, string]> {
  if (!day) return [];
  return day.length === 4
    ? [
        [day[0], day[1]],
        [day[2], day[3]],
      ]
    : [[day[0], day[1]]];
}

/** '08:00–20:00', '08:00–12:00, 14:00–18:00', or null for a closed day (the caller says "closed" in the reader's language). */
export const formatDayHours = (day: DayHours) =>
  day
    ? spansOf(day)
        .map(([opens, closes]) => `${opens}–${closes}`)
        .join(", ")
    : null;

export type DeskHoursProblem = {
  field: "from" | "to";
  key:
    | "validation.pickupOutsideHours"
    | "validation.dropoffOutsideHours"
    | "validation.pickupDeskClosed"
    | "validation.dropoffDeskClosed";
  params: { place: string; day: string; hours: string };
};

/**
 * The problems of a pick-up and a drop-off time against their desks' hours (none when a desk has no hours on
 * record). `weekday` names a day in the reader's language; the message names the place, the day and its hours.
 */
export function checkDeskHours(
  stops: Array<{ field: "from" | "to"; place: string; hours: WeeklyHours | null; localDateTime: string }>,
  weekday: (index: number) => string,
): DeskHoursProblem[] {
  const problems: DeskHoursProblem[] = [];
  for (const stop of stops) {
    if (!stop.hours) continue;
    const { day, open } = deskHoursAt(stop.hours, stop.localDateTime);
    if (open) continue;
    const pickup = stop.field === "from";
    problems.push({
      field: stop.field,
      key: day
        ? pickup
          ? "validation.pickupOutsideHours"
          : "validation.dropoffOutsideHours"
        : pickup
          ? "validation.pickupDeskClosed"
          : "validation.dropoffDeskClosed",
      params: { place: stop.place, day: weekday(weekdayOf(stop.localDateTime)), hours: formatDayHours(day) ?? "" },
    });
  }
  return problems;
}

/** A weekday's name in a language, Monday 0 (2024-01-01 was a Monday). */
export const weekdayName = (language: string) => (index: number) =>
  new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, 1 + index)),
  );

/** Consecutive days with the same hours, as one line ("Monday – Saturday: 08:00–19:00"); Monday 0. */
export function groupedHours(
  days: ReadonlyArray<string | null>,
): Array<{ first: number; last: number; hours: string | null }> {
  const groups: Array<{ first: number; last: number; hours: string | null }> = [];
  days.forEach((hours, index) => {
    const previous = groups.at(-1);
    if (previous && previous.hours === hours) previous.last = index;
    else groups.push({ first: index, last: index, hours });
  });
  return groups;
}

/** A desk's week as lines a person reads ("Monday – Saturday: 08:00–19:00", "Every day: 00:00–24:00"). */
export function hoursLines(
  hours: ReadonlyArray<string | null>,
  day: (index: number) => string,
  words: {
    everyDay: string;
    closed: string;
    /** One line from its days and hours, as the language punctuates it ("lundi : 08:00–19:00" in French). */
    line: (days: string, hours: string) => string;
  },
): string[] {
  return groupedHours(hours).map((group) => {
    const days =
      group.first === 0 && group.last === 6
        ? words.everyDay
        : group.first === group.last
          ? day(group.first)
          : `${day(group.first)} – ${day(group.last)}`;
    return words.line(days, group.hours ?? words.closed);
  });
}
