/**
 * The desk's day on the overview (issue 52, points 1 and 4; decision 050): today's and tomorrow's pick-ups and returns
 * in the operator's scope, each on its place's clock (a return on its drop-off place's). Counted from the bookings,
 * that is every booking of those days (100,000 pick-ups tomorrow at bench size: 150 ms for an admin), so they are
 * read from `desk_moments` (migration 0046): what each writing statement changed, per quarter hour and place, added
 * by triggers in the writing transaction (never behind the bookings), a key's rows merged by the minute beat.
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import { bookings, deskMoments, locations } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { allOf, rowsOf } from "~/utils/sql.server";
import { bookingScope, KEPT_STATUSES, type FiguresScope } from "./figures-scope.server";

const HOUR_MS = 3_600_000;
const KEPT = KEPT_STATUSES;
/**
 * On any clock, today began less than a day ago and tomorrow ends at most two days from now: 26 hours back and 50
 * ahead hold both even across a 25-hour day of a clock change (each row read costs at bench size).
 */
const DESK_BEHIND_MS = 26 * HOUR_MS;
const DESK_AHEAD_MS = 50 * HOUR_MS;
/** A moment is the start of its quarter hour: the one holding an instant 26 hours back starts up to 15 minutes before. */
const QUARTER_MS = 15 * 60_000;

export interface DeskCounts {
  pickupsToday: number;
  pickupsTomorrow: number;
  returnsToday: number;
  returnsTomorrow: number;
}

/** The four figures as numbers (PostgreSQL answers counts and sums as text), zero for a scope with none. */
const countsOf = (row: Partial<Record<keyof DeskCounts, number | string>> | undefined): DeskCounts => ({
  pickupsToday: Number(row?.pickupsToday ?? 0),
  pickupsTomorrow: Number(row?.pickupsTomorrow ?? 0),
  returnsToday: Number(row?.returnsToday ?? 0),
  returnsTomorrow: Number(row?.returnsTomorrow ?? 0),
});

/** Today's and tomorrow's pick-ups and returns, each on its place's clock, counted from every booking of those days. */
export async function deskCountsCounted(db: Executor, scope: FiguresScope, now: Date): Promise<DeskCounts> {
  const dayOf = (column: typeof bookings.startsAt | typeof bookings.endsAt, zone: SQL) =>
    sql`(${column} at time zone ${zone})::date`;
  const pickupZone = sql`pickup.time_zone`;
  const dropoffZone = sql`dropoff.time_zone`;
  const today = (zone: SQL) => sql`(${now.toISOString()}::timestamptz at time zone ${zone})::date`;
  const [row] = await db
    .select({
      pickupsToday: sql<number>`count(*) filter (where ${dayOf(bookings.startsAt, pickupZone)} = ${today(pickupZone)})`,
      pickupsTomorrow: sql<number>`count(*) filter (where ${dayOf(bookings.startsAt, pickupZone)} = ${today(pickupZone)} + 1)`,
      returnsToday: sql<number>`count(*) filter (where ${dayOf(bookings.endsAt, dropoffZone)} = ${today(dropoffZone)})`,
      returnsTomorrow: sql<number>`count(*) filter (where ${dayOf(bookings.endsAt, dropoffZone)} = ${today(dropoffZone)} + 1)`,
    })
    .from(bookings)
    .innerJoin(sql`${locations} as pickup`, sql`pickup.id = ${bookings.pickupLocationId}`)
    .innerJoin(sql`${locations} as dropoff`, sql`dropoff.id = ${bookings.dropoffLocationId}`)
    .where(
      allOf(
        bookingScope(scope),
        inArray(bookings.status, KEPT),
        sql`(${bookings.startsAt} between ${new Date(now.getTime() - DESK_BEHIND_MS)} and ${new Date(now.getTime() + DESK_AHEAD_MS)}
          or ${bookings.endsAt} between ${new Date(now.getTime() - DESK_BEHIND_MS)} and ${new Date(now.getTime() + DESK_AHEAD_MS)})`,
      ),
    );
  return countsOf(row);
}

/** Today's and tomorrow's pick-ups and returns, each on its place's clock, from the kept quarter hours. */
export async function deskCounts(db: Executor, scope: FiguresScope, now: Date): Promise<DeskCounts> {
  const local = sql`(${deskMoments.at} at time zone clock.time_zone)::date`;
  const today = sql`(${now.toISOString()}::timestamptz at time zone clock.time_zone)::date`;
  const sumOf = (kind: "pickup" | "return", day: SQL) =>
    sql<string>`coalesce(sum(${deskMoments.bookings}) filter (where ${deskMoments.kind} = ${kind} and ${local} = ${day}), 0)`;
  const [row] = await db
    .select({
      pickupsToday: sumOf("pickup", today),
      pickupsTomorrow: sumOf("pickup", sql`${today} + 1`),
      returnsToday: sumOf("return", today),
      returnsTomorrow: sumOf("return", sql`${today} + 1`),
    })
    .from(deskMoments)
    .innerJoin(sql`${locations} as clock`, sql`clock.id = ${deskMoments.clockPlaceId}`)
    .where(
      allOf(
        sql`${deskMoments.at} >= ${new Date(now.getTime() - DESK_BEHIND_MS - QUARTER_MS)}`,
        sql`${deskMoments.at} <= ${new Date(now.getTime() + DESK_AHEAD_MS)}`,
        scope.supplierId ? sql`${deskMoments.supplierId} = ${scope.supplierId}` : undefined,
        scope.placeId ? sql`${deskMoments.placeId} = ${scope.placeId}` : undefined,
      ),
    );
  return countsOf(row);
}

/** The minute beat's part: each quarter hour and place with rows added since merged into one; how many merged. */
export async function mergeDeskMoments(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ merged: number }>(db, sql`select desk_moments_merge() as merged`);
  return Number(row?.merged ?? 0);
}
