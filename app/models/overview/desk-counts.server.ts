/**
 * The desk's day on the overview (issue 52, points 1 and 4; decision 050): today's and tomorrow's pick-ups and returns
 * in the operator's scope, each on its place's clock (a return on its drop-off place's). Counted from the bookings,
 * that is every booking of those days (100,000 pick-ups tomorrow at bench size: 150 ms for an admin), so they are
 * read from `desk_moments` (migration 0046): what each writing statement changed, per quarter hour and place, added
 * by triggers in the writing transaction (never behind the bookings), a key's rows merged by the minute beat. Every
 * place's quarter hours are still 2,406 rows for an admin at that size (7 ms against the demo's 0.8), so the merge also
 * sums them per time zone and local day (`desk_zone_days`, migration 0052): a scope without a place reads those and
 * the moments written since.
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

/** The scope's moments around now, each on its clock: which to read, as a `from … where …` of `m` and `clock`. */
const momentsAround = (scope: FiguresScope, now: Date, onlyFresh: boolean) => sql`
  from ${deskMoments} m inner join ${locations} clock on clock.id = m.clock_place_id
  where m.at >= ${new Date(now.getTime() - DESK_BEHIND_MS - QUARTER_MS)} and m.at <= ${new Date(now.getTime() + DESK_AHEAD_MS)}
    ${onlyFresh ? sql`and m.fresh` : sql``}
    ${scope.supplierId ? sql`and m.supplier_id = ${scope.supplierId}` : sql``}
    ${scope.placeId ? sql`and m.place_id = ${scope.placeId}` : sql``}`;

/** The four sums over rows of (kind, bookings, day, today): each row's day and today on its own clock. */
const FOUR_SUMS = sql`
  coalesce(sum(bookings) filter (where kind = 'pickup' and day = today), 0) as "pickupsToday",
  coalesce(sum(bookings) filter (where kind = 'pickup' and day = today + 1), 0) as "pickupsTomorrow",
  coalesce(sum(bookings) filter (where kind = 'return' and day = today), 0) as "returnsToday",
  coalesce(sum(bookings) filter (where kind = 'return' and day = today + 1), 0) as "returnsTomorrow"`;

/** A moment's local day and the reader's today, on the moment's clock. */
const momentDays = (now: Date) =>
  sql`m.kind, m.bookings, (m.at at time zone clock.time_zone)::date as day,
    (${now.toISOString()}::timestamptz at time zone clock.time_zone)::date as today`;

/** How far the reader's clock may be from the last merge for its days to be among those summed (migration 0052). */
const ZONE_DAYS_REACH = sql.raw(`interval '1 hour'`);

/**
 * Today's and tomorrow's pick-ups and returns, each on its place's clock, from the kept quarter hours. Without a
 * place, from the days summed per time zone at the last merge (`desk_zone_days`: a few rows per supplier) and the
 * moments written since (fresh), in one statement; one place's quarter hours, or a merge more than an hour away from
 * the reader's clock (a beat that has not run), are read as they are.
 */
export async function deskCounts(db: Executor, scope: FiguresScope, now: Date): Promise<DeskCounts> {
  if (!scope.placeId) {
    const [row] = await rowsOf<Record<keyof DeskCounts, string> & { summed: boolean }>(
      db,
      sql`with summed as (
          select 1 from desk_zone_days_as_of
          where as_of between ${now.toISOString()}::timestamptz - ${ZONE_DAYS_REACH}
            and ${now.toISOString()}::timestamptz + ${ZONE_DAYS_REACH}
        ), counted as (
          select d.kind, d.bookings, d.day, (${now.toISOString()}::timestamptz at time zone d.time_zone)::date as today
          from desk_zone_days d
          where exists (select 1 from summed) ${scope.supplierId ? sql`and d.supplier_id = ${scope.supplierId}` : sql``}
          union all
          select ${momentDays(now)} ${momentsAround(scope, now, true)}
        )
        select exists (select 1 from summed) as summed, ${FOUR_SUMS} from counted`,
    );
    if (row?.summed) return countsOf(row);
  }
  const [row] = await rowsOf<Record<keyof DeskCounts, string>>(
    db,
    sql`select ${FOUR_SUMS} from (select ${momentDays(now)} ${momentsAround(scope, now, false)}) counted`,
  );
  return countsOf(row);
}

/**
 * The minute beat's part: each quarter hour and place with rows added since merged into one, and the days summed per
 * time zone again (`desk_moments_beat`, migration 0052); how many merged.
 */
export async function mergeDeskMoments(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ merged: number }>(db, sql`select desk_moments_beat() as merged`);
  return Number(row?.merged ?? 0);
}
