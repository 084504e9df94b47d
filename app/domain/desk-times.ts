/**
 * The times the search form offers (decision 036): every half-hour of the chosen day at which the desk is open, on
 * the clock the driver types (the pick-up place's); at an airport, the half-hours after closing that a late flight
 * may still be met. Pure, so the server renders the list and the browser redraws it as the date changes.
 */
import { minutesAfterClosing } from "./flight";
import { deskHoursAt, type WeeklyHours } from "./pickup-desk";
import { instantToLocalDateTime, localDateTimeToInstant } from "./rental-period";

export const TIME_STEP_MINUTES = 30;
/** Late-flight times are finer: a flight lands when it lands, and a desk closing at 23:30 meets one at 23:45. */
export const LATE_TIME_STEP_MINUTES = 15;

/** What the form knows of a place's desk to list its times. */
export interface DeskClock {
  hours: WeeklyHours | null;
  timeZone: string;
  airport: boolean;
}

export interface TimeChoices {
  /** Times the desk is open that day ('HH:mm'). */
  open: string[];
  /** Times after closing, at an airport, for suppliers who meet late flights. */
  late: string[];
  /** The desk is closed all that day: every time is listed so another date can be sent, and the form says so. */
  closed: boolean;
}

const timesEvery = (step: number) =>
  Array.from({ length: (24 * 60) / step }, (_, index) => {
    const minutes = index * step;
    return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  });
const DAY_TIMES = timesEvery(TIME_STEP_MINUTES);
const LATE_TIMES = timesEvery(LATE_TIME_STEP_MINUTES);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The times offered on `date` ('YYYY-MM-DD', on `typedZone`'s clock) at a desk. A desk without hours on record, or a
 * date that is not one, offers every half-hour. `lateMinutes`: how long after closing the most patient supplier
 * meets a late flight (0 but at airports).
 */
export function deskTimeChoices(
  date: string,
  desk: DeskClock | null,
  typedZone: string,
  lateMinutes: number,
): TimeChoices {
  const hours = desk?.hours;
  if (!hours || !DATE.test(date)) return { open: DAY_TIMES, late: [], closed: false };
  const open: string[] = [];
  const late: string[] = [];
  const lateFlights = desk.airport && lateMinutes > 0;
  for (const time of lateFlights ? LATE_TIMES : DAY_TIMES) {
    const typed = `${date}T${time}`;
    // A drop-off typed on the pick-up's clock is checked on its own desk's clock (decision 024).
    const instant = desk.timeZone === typedZone ? null : localDateTimeToInstant(typed, typedZone);
    const atDesk = instant ? instantToLocalDateTime(instant, desk.timeZone) : typed;
    if (deskHoursAt(hours, atDesk).open) {
      if (Number(time.slice(3)) % TIME_STEP_MINUTES === 0) open.push(time);
    } else if (lateFlights && (minutesAfterClosing(hours, atDesk) ?? Infinity) <= lateMinutes) late.push(time);
  }
  if (open.length === 0 && late.length === 0) return { open: DAY_TIMES, late: [], closed: true };
  return { open, late, closed: false };
}

/** The list with `selected` in it when it is a time the list lacks (a link's 10:15): what was asked is kept. */
export function withSelected(times: string[], selected: string): string[] {
  if (!/^\d{2}:\d{2}$/.test(selected) || times.includes(selected)) return times;
  return [...times, selected].sort();
}

/** 'YYYY-MM-DDTHH:mm' from a date field and a time field; undefined when neither was sent. */
export function joinDateTime(date: string | undefined, time: string | undefined): string | undefined {
  if (!date && !time) return undefined;
  return `${date ?? ""}T${time ?? ""}`;
}

/** The offered time nearest to `time` (the earlier on a tie), for a list redrawn after its date or place changed. */
export function nearestTime(times: string[], time: string): string {
  const minutes = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
  const wanted = /^\d{2}:\d{2}$/.test(time) ? minutes(time) : 10 * 60;
  let best = times[0] ?? time;
  for (const candidate of times)
    if (Math.abs(minutes(candidate) - wanted) < Math.abs(minutes(best) - wanted)) best = candidate;
  return best;
}
