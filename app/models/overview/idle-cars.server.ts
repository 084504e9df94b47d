/**
 * The offered cars idle longest as of an instant (issue 52, points 1 and 4; decision 050): ordered by the end of their
 * last rental started by then (never rented first), then name. Counting that end for every offered car is one index
 * probe per car (a supplier of 16,700 cars: 130 ms), so each car keeps a lower bound of it, `cars.idle_floor`
 * (migration 0045: counted again in the transaction of any change that could lower it, raised by the minute beat as
 * rentals start). The reader walks cars in floor order and counts only the walked ones exactly, until no car further
 * on can rank among the first five.
 */
import { sql } from "drizzle-orm";
import { cars } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { rowsOf } from "~/utils/sql.server";
import { carScope, KEPT_STATUSES, type FiguresScope } from "./figures-scope.server";

export const IDLE_CARS_SHOWN = 5;
/**
 * Floors count rentals started 10 minutes before they were counted; the reader trusts them for an instant at most 5
 * minutes before its own clock, so a database clock up to 5 minutes ahead of the app's still gives lower bounds.
 */
const FLOORS_TRUSTED_BEFORE_MS = 5 * 60_000;
const FIRST_WALK = 16;
const WALK_GROWTH = 4;

export interface IdleCar {
  carId: string;
  name: string;
  plate: string;
  /** The end of its last rental started by then, or null when never rented. */
  lastRentalEnd: Date | null;
}

interface WalkedRow {
  car_id: string;
  name: string;
  plate: string;
  last_end: string | Date | null;
  walked: number | string;
  last_floor: string | Date | null;
}

const asDate = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * The first `walk` offered cars of the scope in floor order (every one without a limit), each counted exactly, the
 * first five of them by their true last end; with how many were walked and the highest floor among them.
 */
async function walkCars(db: Executor, scope: FiguresScope, asOf: Date, walk: number | null) {
  const kept = sql.join(
    KEPT_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const rows = await rowsOf<WalkedRow>(
    db,
    sql`with walked as (
        select ${cars.id} as car_id, ${cars.name} as name, ${cars.licensePlate} as plate, ${cars.idleFloor} as floor,
          (select max(b.ends_at) from bookings b
            where b.car_id = ${cars.id} and b.status in (${kept}) and b.starts_at < ${asOf.toISOString()}::timestamptz) as last_end
        from ${cars}
        where ${carScope(scope)} and ${cars.available} and ${cars.retiredAt} is null
        order by ${cars.idleFloor} asc nulls first, ${cars.name}, ${cars.id}
        ${walk === null ? sql`` : sql`limit ${walk}`}
      )
      select car_id, name, plate, last_end,
        (select count(*) from walked) as walked, (select max(floor) from walked) as last_floor
      from walked
      order by last_end asc nulls first, name, car_id
      limit ${IDLE_CARS_SHOWN}`,
  );
  const first = rows[0];
  return {
    idle: rows.map((row) => ({
      carId: row.car_id,
      name: row.name,
      plate: row.plate,
      lastRentalEnd: asDate(row.last_end),
    })),
    walked: Number(first?.walked ?? 0),
    lastFloor: asDate(first?.last_floor ?? null),
  };
}

/**
 * Whether no car beyond the walked ones can rank among the first five: each has a floor at least the walk's last
 * (non-null once one is), and its true end is at least its floor. The fifth car never rented ranks before all of
 * them by name already (it was walked before them). Timestamps only: names are compared by the database alone.
 */
function walkSettles(idle: IdleCar[], lastFloor: Date | null): boolean {
  const fifth = idle[IDLE_CARS_SHOWN - 1];
  if (!fifth) return false;
  if (fifth.lastRentalEnd === null) return true;
  return lastFloor !== null && fifth.lastRentalEnd < lastFloor;
}

/** The offered cars of the scope idle longest as of `asOf`, as counted from every car's bookings. */
export async function idleCarsCounted(db: Executor, scope: FiguresScope, asOf: Date): Promise<IdleCar[]> {
  return (await walkCars(db, scope, asOf, null)).idle;
}

/**
 * The offered cars of the scope idle longest as of `asOf`. An instant before the floors were counted (a past
 * period's end) may see floors above its truth, so it is counted from every car.
 */
export async function idleCars(db: Executor, scope: FiguresScope, asOf: Date): Promise<IdleCar[]> {
  if (asOf.getTime() < Date.now() - FLOORS_TRUSTED_BEFORE_MS) return idleCarsCounted(db, scope, asOf);
  for (let walk = FIRST_WALK; ; walk *= WALK_GROWTH) {
    const { idle, walked, lastFloor } = await walkCars(db, scope, asOf, walk);
    if (walked < walk || walkSettles(idle, lastFloor)) return idle;
  }
}

/** The minute beat's part (decision 050): raises the floors of cars whose rentals started since; how many changed. */
export async function advanceIdleFloors(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ changed: number }>(db, sql`select car_idle_floors_advance() as changed`);
  return Number(row?.changed ?? 0);
}
