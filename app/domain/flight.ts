/**
 * Late flights (decision 031): a driver collecting at an airport may give the flight they arrive on, so the desk waits
 * for it (the supplier's grace period) and, where the supplier says so, hands the car over after closing time.
 */
import { spansOf, weekdayOf, type WeeklyHours } from "./pickup-desk";

/**
 * A flight number as airlines print it: the airline's two-character code (letters, or a letter and a digit) or its
 * three-letter code, then one to four digits and an optional letter, written 'AF 1234'. Null when it is not one.
 */
export function parseFlightNumber(text: string): string | null {
  const compact = text.replace(/[\s-]/g, "").toUpperCase();
  const match = /^([A-Z][A-Z0-9]|[0-9][A-Z]|[A-Z]{3})(\d{1,4}[A-Z]?)$/.exec(compact);
  if (!match) return null;
  return `${match[1]} ${match[2]}`;
}

/** Whether a booking asks for a flight number: not (no airport), may (an airport), must (collected after closing). */
export type FlightNeed = "none" | "optional" | "required";

/**
 * A typed flight number against what the booking needs (the checkout's and the staff's forms alike): the number as
 * airlines print it, or null when none is given or none is asked (a field a place without an airport ignores); the
 * problem's translation key when it is malformed or missing after closing.
 */
export function checkFlightNumber(
  typed: string,
  need: FlightNeed,
): {
  flightNumber: string | null;
  problem: "checkout:problems.flightNumber" | "checkout:problems.flightRequired" | null;
} {
  if (need === "none") return { flightNumber: null, problem: null };
  if (!typed) return { flightNumber: null, problem: need === "required" ? "checkout:problems.flightRequired" : null };
  const flightNumber = parseFlightNumber(typed);
  return { flightNumber, problem: flightNumber ? null : "checkout:problems.flightNumber" };
}

/** The longest grace period an operator may set, in minutes. */
export const MAX_FLIGHT_GRACE_MINUTES = 720;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * How many minutes after the desk's last closing of that day a wall-clock time 'YYYY-MM-DDTHH:mm' is, when the desk
 * opened that day and has closed for it; null when the desk is open then, has not opened yet, or is closed all day.
 */
export function minutesAfterClosing(hours: WeeklyHours, localDateTime: string): number | null {
  const spans = spansOf(hours[weekdayOf(localDateTime)] ?? null);
  const last = spans.at(-1);
  if (!last) return null;
  const after = minutesOf(localDateTime.slice(11, 16)) - minutesOf(last[1]);
  return after > 0 ? after : null;
}
