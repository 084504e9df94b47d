/**
 * The stretches of time each part of the overview reads (issue 52, point 1; decision 045). Without a period the page
 * looks around today: fleet use 30 days either side, bookings made in the last 12 weeks, attrition over the last 30
 * days, earnings over the last 90. With a period (the reports' from–to, at most a year), every part reads that
 * period instead, never past now for what has to have happened (attrition, earnings, idleness), and fleet use its
 * last `MAX_UTILISATION_DAYS` days (a bar a day stays readable). Pure.
 */
import type { ReportPeriod } from "./report-period";

const DAY_MS = 86_400_000;
export const MAX_UTILISATION_DAYS = 92;
/** The top earners' window without a period: the last 90 days (kept per car, `top-earners.server.ts`). */
export const TOP_EARNERS_DAYS = 90;

export interface OverviewWindows {
  /** Days charted, UTC midnights: `from` included, `to` excluded. */
  utilisation: { from: Date; to: Date };
  /** Weeks charted from the Monday of `firstMonday`, `count` of them, counting bookings made in [madeFrom, madeTo). */
  weeks: { firstMonday: Date; count: number; madeFrom: Date; madeTo: Date };
  /** Bookings due (pick-up) in [from, to); a kept one is a no-show when its pick-up is before `noShowBefore`. */
  attrition: { from: Date; to: Date; noShowBefore: Date };
  /** Earnings of rentals picked up in [from, to). */
  earners: { from: Date; to: Date };
  /** Idleness measured at this instant. */
  idleAsOf: Date;
}

const midnight = (instant: Date) =>
  new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
const mondayOf = (instant: Date) => {
  const day = midnight(instant);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
};
const earlier = (a: Date, b: Date) => (a < b ? a : b);
const later = (a: Date, b: Date) => (a > b ? a : b);
const daysBefore = (instant: Date, days: number) => new Date(instant.getTime() - days * DAY_MS);

export function overviewWindows(now: Date, period: ReportPeriod | null): OverviewWindows {
  if (!period) {
    const today = midnight(now);
    const firstMonday = daysBefore(mondayOf(now), 11 * 7);
    return {
      utilisation: { from: daysBefore(today, 30), to: daysBefore(today, -30) },
      weeks: { firstMonday, count: 12, madeFrom: firstMonday, madeTo: daysBefore(mondayOf(now), -7) },
      attrition: { from: daysBefore(now, 30), to: now, noShowBefore: daysBefore(now, 1) },
      earners: { from: daysBefore(now, TOP_EARNERS_DAYS), to: now },
      idleAsOf: now,
    };
  }
  const { start, end } = period;
  // What has to have happened is read up to now at the latest (a period may reach into the future).
  const happened = earlier(end, now);
  const firstMonday = mondayOf(start);
  const lastMonday = mondayOf(new Date(end.getTime() - 1));
  return {
    utilisation: { from: later(start, daysBefore(end, MAX_UTILISATION_DAYS)), to: end },
    weeks: {
      firstMonday,
      count: Math.round((lastMonday.getTime() - firstMonday.getTime()) / (7 * DAY_MS)) + 1,
      madeFrom: start,
      madeTo: end,
    },
    attrition: { from: start, to: happened, noShowBefore: earlier(happened, daysBefore(now, 1)) },
    earners: { from: start, to: happened },
    idleAsOf: later(start, happened),
  };
}
