/**
 * The rental period as the driver enters it: local date-times at the pick-up location (native
 * datetime-local inputs), turned into instants with the location's time zone, and the spec's rules on it.
 */
// Minutes, as datetime-local inputs send them; seconds (a hand-written or copied URL) are accepted and dropped.
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::[0-5]\d(?:\.\d{1,3})?)?$/;
const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The longest rental the storefront takes: a year, leap day included (longer hires are contracts, not bookings). */
export const MAX_RENTAL_DAYS = 366;

// Building an Intl.DateTimeFormat costs far more than using one (it showed in the search page's profile): one per zone.
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

// A results page asks for the same two instants' offsets once per car: formatting dates is the costly part.
const recentOffsets = new Map<string, number>();
const RECENT_OFFSETS_KEPT = 512;

/** Offset of a zone from UTC at an instant, in milliseconds (positive east of Greenwich). */
function zoneOffset(instant: number, timeZone: string): number {
  const key = `${timeZone}@${instant}`;
  const known = recentOffsets.get(key);
  if (known !== undefined) return known;
  if (recentOffsets.size >= RECENT_OFFSETS_KEPT) recentOffsets.clear();
  const offset = computeZoneOffset(instant, timeZone);
  recentOffsets.set(key, offset);
  return offset;
}

function computeZoneOffset(instant: number, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const wallClock = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wallClock - Math.floor(instant / 1000) * 1000;
}

/** Whether the year, month (1-12) and day name a day of the calendar: not 31 February, not 29 February 2027. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** 'YYYY-MM-DDTHH:mm' at a place → the instant; null when the text is not a real date-time. */
export function localDateTimeToInstant(local: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = match.slice(1).map(Number);
  if (!isCalendarDay(year, month, day) || hour > 23 || minute > 59) return null;
  const wallClock = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes settle the offset around daylight-saving changes.
  let instant = wallClock - zoneOffset(wallClock, timeZone);
  const corrected = wallClock - zoneOffset(instant, timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

/** The instant as the zone's wall clocks show it, counted in milliseconds as if that clock time were UTC. */
export function wallClockTime(instant: Date, timeZone: string): number {
  return instant.getTime() + zoneOffset(instant.getTime(), timeZone);
}

/**
 * Spec §9: rental days are the difference between the pick-up and drop-off date-times, rounded up — as the
 * clocks at the pick-up place show them, so a rental from Saturday 10:00 to Tuesday 10:00 is 3 days even when the
 * clocks go back in between (73 hours). At least one day for any period that has a length at all.
 */
export function periodDays(from: Date, to: Date, timeZone: string): number {
  if (!(to.getTime() > from.getTime())) return 0;
  return Math.max(1, Math.ceil((wallClockTime(to, timeZone) - wallClockTime(from, timeZone)) / DAY_MS));
}

/**
 * A rental under a day in started hours, on the pick-up place's clocks like `periodDays` (decision 037): 10:00 to
 * 12:30 is 3 hours. Null for a day or more, or for no period at all.
 */
export function periodHours(from: Date, to: Date, timeZone: string): number | null {
  if (!(to.getTime() > from.getTime())) return null;
  const length = wallClockTime(to, timeZone) - wallClockTime(from, timeZone);
  if (length >= DAY_MS) return null;
  // A period across the clocks going back may read as no time at all on them: it is still an hour begun.
  return Math.max(1, Math.ceil(length / HOUR_MS));
}

/** The instant as 'YYYY-MM-DDTHH:mm' on the wall clocks of a zone (for datetime-local inputs and links). */
export function instantToLocalDateTime(instant: Date, timeZone: string): string {
  return new Date(wallClockTime(instant, timeZone)).toISOString().slice(0, 16);
}

export interface PeriodRules {
  minPickupHours: number;
  minRentalHours: number;
}

export type PeriodProblem =
  | { field: "from"; key: "validation.pickupTooSoon"; params: { count: number } }
  | { field: "to"; key: "validation.dropoffBeforePickup" }
  | { field: "to"; key: "validation.rentalTooShort"; params: { count: number } }
  | { field: "to"; key: "validation.rentalTooLong"; params: { count: number } };

/**
 * Spec §5: pick-up at least the minimum lead hours ahead (the message's plural follows the count), drop-off
 * after pick-up, and at least the minimum rental hours between them; and at most a year of rental.
 */
export function checkRentalPeriod(
  from: Date,
  to: Date,
  now: Date,
  rules: PeriodRules,
  timeZone = "UTC",
): PeriodProblem[] {
  const problems: PeriodProblem[] = [];
  if (from.getTime() < now.getTime() + rules.minPickupHours * HOUR_MS) {
    problems.push({ field: "from", key: "validation.pickupTooSoon", params: { count: rules.minPickupHours } });
  }
  if (to.getTime() <= from.getTime()) {
    problems.push({ field: "to", key: "validation.dropoffBeforePickup" });
  } else if (to.getTime() - from.getTime() < rules.minRentalHours * HOUR_MS) {
    problems.push({ field: "to", key: "validation.rentalTooShort", params: { count: rules.minRentalHours } });
  } else if (periodDays(from, to, timeZone) > MAX_RENTAL_DAYS) {
    problems.push({ field: "to", key: "validation.rentalTooLong", params: { count: MAX_RENTAL_DAYS } });
  }
  return problems;
}

/** Sensible defaults: pick-up tomorrow at 10:00 local time, drop-off three days later. */
export function defaultPeriod(now: Date, timeZone: string): { from: string; to: string } {
  const tomorrow = instantToLocalDateTime(new Date(now.getTime() + 24 * HOUR_MS), timeZone).slice(0, 10);
  const [year = 0, month = 0, day = 0] = tomorrow.split("-").map(Number);
  const later = new Date(Date.UTC(year, month - 1, day + 3)).toISOString().slice(0, 10);
  return { from: `${tomorrow}T10:00`, to: `${later}T10:00` };
}
