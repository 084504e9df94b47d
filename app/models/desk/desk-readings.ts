/**
 * What the desk types beside the odometer and the fuel: when the hand-over or return happened, if it was not just
 * now, and what the return's readings say against the hand-over's (decision 040, amended for issue 50).
 */
import { instantToLocalDateTime, localDateTimeToInstant } from "~/domain/rental-period";

/**
 * How far back a hand-over or return may be recorded: an entry typed at the end of a shift, not a rewrite of the
 * past (a car returned days ago without an entry is a matter for its booking's page and the audit trail).
 */
export const EVENT_SET_BACK_HOURS = 12;

// A time typed as the minute now, seconds after it began, is now.
const SAME_MINUTE_MS = 60_000;

export type EventTime = { ok: true; at: Date } | { ok: false; reason: "future" | "tooEarly" };

/**
 * The instant of a desk event typed as a time of day on the place's clocks ("HH:MM"), or now when none is typed. The
 * day is today's at the place, or yesterday's when today's would be ahead of now and yesterday's is within
 * EVENT_SET_BACK_HOURS (a 23:50 return entered at 00:20); otherwise a time ahead of now is refused as such, and one
 * further back than the bound as too early.
 */
export function eventTimeFrom(localTime: string | undefined, now: Date, timeZone: string): EventTime {
  if (!localTime) return { ok: true, at: now };
  const today = instantToLocalDateTime(now, timeZone).slice(0, 10);
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const earliest = now.getTime() - EVENT_SET_BACK_HOURS * 3_600_000;
  const todays = localDateTimeToInstant(`${today}T${localTime}`, timeZone);
  if (todays && todays.getTime() <= now.getTime() + SAME_MINUTE_MS) {
    if (todays.getTime() < earliest) return { ok: false, reason: "tooEarly" };
    return { ok: true, at: todays > now ? now : todays };
  }
  const yesterdays = localDateTimeToInstant(`${yesterday}T${localTime}`, timeZone);
  if (yesterdays && yesterdays.getTime() >= earliest) return { ok: true, at: yesterdays };
  return { ok: false, reason: "future" };
}

export interface Reading {
  mileage: number;
  fuelEighths: number;
}

/** The kilometres driven between hand-over and return, and the fuel's change in eighths (negative: less back). */
export function rentalUse(handover: Reading, back: Reading): { driven: number; fuelChange: number } {
  return { driven: back.mileage - handover.mileage, fuelChange: back.fuelEighths - handover.fuelEighths };
}
