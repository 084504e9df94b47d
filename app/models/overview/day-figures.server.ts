/**
 * The business's figures kept per supplier and UTC day (issue 52, point 4; decision 050). Counted live, the overview
 * and the revenue reports read every booking of their period: at 1M bookings the largest supplier's overview took a
 * second, an admin's two. `day_figures` keeps, per supplier and day, for every place and per pick-up place: the
 * fleet's use, the kept bookings made by payment mode, and those picked up. Triggers on bookings, blocks and the places
 * a car serves name the days a change touched (`day_figures_stale`); the minute beat recounts those days
 * (`recountStaleDayFigures`), and until it has, a reader counts them live (`readDayFigures`): figures read the kept
 * rows and are never behind the bookings. `range_day_figures` keeps the fleet's use per car category the same way,
 * from the same stale days (`readRangeFigures`).
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import { bookings, EVERY } from "#db/schema";
import { PAYMENT_MODES, type PaymentMode } from "~/domain/enums";
import type { Database, Executor } from "~/utils/db.server";
import { allOf, rowsOf } from "~/utils/sql.server";
import { bookingScope, bookedCarDays, KEPT_STATUSES, type FiguresScope } from "./figures-scope.server";

const DAY_MS = 86_400_000;
/** Days recounted per statement, so a long stretch (the first beat after the migration) stays within the timeout. */
const RECOUNT_DAYS = 31;
/** Any constant shared by every instance: one beat recounts at a time. */
export const RECOUNT_LOCK_ID = 52_004;

/** The kept figures, as `day_figures` names its columns. */
export const FIGURES = [
  "booked",
  "blocked",
  "made_pay_later",
  "made_deposit",
  "made_full",
  "made_revenue_pay_later",
  "made_revenue_deposit",
  "made_revenue_full",
  "picked_up",
  "picked_up_days",
  "picked_up_revenue",
  "picked_up_tax",
] as const;
export type Figure = (typeof FIGURES)[number];
/** The figures of the bookings picked up, which `place_pickup_sums` keeps as running sums. */
export const PICKUP_FIGURES = ["picked_up", "picked_up_days", "picked_up_revenue", "picked_up_tax"] as const;
export type Figures = Record<Figure, number>;

/** The figures of the bookings picked up over some days. */
export type PickupFigures = Record<(typeof PICKUP_FIGURES)[number], number>;

/** A row of figures summed per day (YYYY-MM-DD, UTC) or per pick-up place (its id). */
export type FiguresBy = Figures & { key: string };

type CountedDay = Figures & { supplier_id: string; place_id: string | null; day: string };

const isoDay = (day: Date) => day.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const noFigures = (): Figures => Object.fromEntries(FIGURES.map((figure) => [figure, 0])) as Figures;

/** One part of a recount: the figures it counts (the others zero) per place and day. */
const part = (counts: Partial<Record<Figure, SQL>>, rest: SQL) =>
  sql`select place_id, day::date as day, ${sql.join(
    FIGURES.map((figure) => sql`${counts[figure] ?? sql`0`} as ${sql.raw(figure)}`),
    sql`, `,
  )} ${rest}`;

/** Where each payment mode's bookings made, and their amounts, are kept. */
export const MADE_BY_MODE = {
  payLater: { made: "made_pay_later", revenue: "made_revenue_pay_later" },
  deposit: { made: "made_deposit", revenue: "made_revenue_deposit" },
  full: { made: "made_full", revenue: "made_revenue_full" },
} as const satisfies Record<PaymentMode, { made: Figure; revenue: Figure }>;

/**
 * Which kept rows a scope reads: one place's, or for every place the supplier-wide rows (`place_id` null) when summed
 * per day and the per-place rows when summed per place. As SQL for the kept rows and as a test for rows counted live.
 */
function placeRows(scope: FiguresScope, by: "day" | "place") {
  if (scope.placeId) {
    const placeId = scope.placeId;
    return { where: sql`place_id = ${placeId}`, holds: (id: string | null) => id === placeId };
  }
  return by === "day"
    ? { where: sql`place_id is null`, holds: (id: string | null) => id === null }
    : { where: sql`place_id is not null`, holds: (id: string | null) => id !== null };
}

/**
 * The UTC days [first, last] a recount covers, as instants [from, to), and its supplier's blocks over them: a `from`
 * clause of blocks (k), their cars (c) and each day (d) they touch, and the test of a block over the days.
 */
function countedSpan(supplierId: string, first: string, last: string) {
  const from = new Date(`${first}T00:00:00Z`);
  const to = new Date(`${addDays(last, 1)}T00:00:00Z`);
  return {
    from,
    to,
    blockDays: sql`
      from car_blocks k
      inner join cars c on c.id = k.car_id and c.supplier_id = ${supplierId}
      cross join lateral generate_series(
        greatest(day_figures_first_day(k.starts_at), ${first}::date),
        least(day_figures_last_day(k.ends_at), ${last}::date), interval '1 day') as d(day)`,
    blocksOver: sql`k.starts_at < ${to} and k.ends_at > ${from}`,
  };
}

/**
 * A supplier's figures for the UTC days [first, last], live, per day for every place (place_id null) and per place:
 * cars a kept booking touches (by its pick-up place) and cars off the road (by the places the car serves), as the
 * overview's chart counts them; kept bookings made, by payment mode with their amounts, and picked up, with their
 * rental days, amounts and tax, as the reports count them (each by its pick-up place).
 */
function countDays(supplierId: string, first: string, last: string): SQL {
  const { from, to, blockDays, blocksOver } = countedSpan(supplierId, first, last);
  const scope: FiguresScope = { supplierId, placeId: null };
  const kept = allOf(bookingScope(scope), inArray(bookings.status, KEPT_STATUSES));
  const bothSets = sql`group by grouping sets ((day), (place_id, day))`;
  const made: Partial<Record<Figure, SQL>> = {};
  for (const mode of PAYMENT_MODES) {
    made[MADE_BY_MODE[mode].made] = sql`count(*) filter (where payment_mode = ${mode})`;
    made[MADE_BY_MODE[mode].revenue] = sql`coalesce(sum(total_price) filter (where payment_mode = ${mode}), 0)`;
  }
  return sql`
    with touched as (${bookedCarDays(scope, from, to)})
    select ${supplierId}::uuid as supplier_id, place_id, to_char(day, 'YYYY-MM-DD') as day, ${sql.join(
      FIGURES.map((figure) => sql`sum(${sql.raw(figure)})::bigint as ${sql.raw(figure)}`),
      sql`, `,
    )}
    from (
      ${part({ booked: sql`count(distinct car_id)` }, sql`from (select pickup_location_id as place_id, day, car_id from touched) t ${bothSets}`)}
      union all
      ${part({ blocked: sql`count(distinct k.car_id)` }, sql`from (select null::uuid as place_id, d.day, k.car_id ${blockDays} where ${blocksOver}) k group by place_id, day`)}
      union all
      ${part({ blocked: sql`count(distinct k.car_id)` }, sql`from (select cl.location_id as place_id, d.day, k.car_id ${blockDays} inner join car_locations cl on cl.car_id = k.car_id where ${blocksOver}) k group by place_id, day`)}
      union all
      ${part(made, sql`from (select pickup_location_id as place_id, day_figures_first_day(created_at) as day, payment_mode, total_price from bookings where ${kept} and created_at >= ${from} and created_at < ${to}) m ${bothSets}`)}
      union all
      ${part(
        {
          picked_up: sql`count(*)`,
          picked_up_days: sql`coalesce(sum(days), 0)`,
          picked_up_revenue: sql`coalesce(sum(total_price), 0)`,
          picked_up_tax: sql`coalesce(sum(tax_amount), 0)`,
        },
        sql`from (select pickup_location_id as place_id, day_figures_first_day(starts_at) as day, days, total_price, tax_amount from bookings where ${kept} and starts_at >= ${from} and starts_at < ${to}) p ${bothSets}`,
      )}
    ) counted
    group by place_id, day`;
}

/**
 * A supplier's fleet use per car category (the car's range) for the UTC days [first, last], live, per day for every
 * place (place_id null) and per place, counted as `countDays` counts `booked` and `blocked`: the rows of
 * `range_day_figures`.
 */
function countRangeDays(supplierId: string, first: string, last: string): SQL {
  const { from, to, blockDays: blocks, blocksOver } = countedSpan(supplierId, first, last);
  return sql`
    select ${supplierId}::uuid as supplier_id, place_id, range, to_char(day, 'YYYY-MM-DD') as day,
      sum(booked)::int as booked, sum(blocked)::int as blocked
    from (
      select t.pickup_location_id as place_id, c.range, t.day, count(distinct t.car_id) as booked, 0 as blocked
      from (${bookedCarDays({ supplierId, placeId: null }, from, to)}) t
      inner join cars c on c.id = t.car_id
      group by grouping sets ((c.range, t.day), (t.pickup_location_id, c.range, t.day))
      union all
      select null::uuid, c.range, d.day, 0, count(distinct k.car_id) ${blocks} where ${blocksOver}
      group by c.range, d.day
      union all
      select cl.location_id, c.range, d.day, 0, count(distinct k.car_id) ${blocks}
      inner join car_locations cl on cl.car_id = k.car_id where ${blocksOver}
      group by cl.location_id, c.range, d.day
    ) counted
    group by place_id, range, day`;
}

/** Consecutive days as [first, last] runs of at most RECOUNT_DAYS. */
export function dayRuns(days: string[]): Array<[string, string]> {
  const runs: Array<[string, string]> = [];
  for (const day of [...new Set(days)].sort()) {
    const run = runs.at(-1);
    const length = run ? (Date.parse(run[1]) - Date.parse(run[0])) / DAY_MS + 1 : 0;
    if (run && addDays(run[1], 1) === day && length < RECOUNT_DAYS) run[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/** The stale (supplier, day) pairs of the scope's suppliers within [first, last]. */
async function staleDays(db: Executor, supplierId: string | null, first: string, last: string) {
  return rowsOf<{ supplier_id: string; day: string }>(
    db,
    sql`select distinct s.supplier_id, to_char(d.day, 'YYYY-MM-DD') as day
      from day_figures_stale s
      cross join lateral generate_series(greatest(s.from_day, ${first}::date), least(s.to_day, ${last}::date),
        interval '1 day') as d(day)
      where s.from_day <= ${last}::date and s.to_day >= ${first}::date
        ${supplierId ? sql`and s.supplier_id = ${supplierId}` : sql``}`,
  );
}

const bySupplier = (pairs: Array<{ supplier_id: string; day: string }>) => {
  const days = new Map<string, string[]>();
  for (const { supplier_id: supplier, day } of pairs) {
    const list = days.get(supplier) ?? [];
    list.push(day);
    days.set(supplier, list);
  }
  return days;
};

/**
 * The scope's stale days within [first, last], read before the kept rows (a recount committing in between leaves its
 * days counted live, never counted twice or missed): `leftOut` leaves them out of a kept table's rows, and
 * `countedLive` counts them with `count` (rows of those days only).
 */
async function staleOf(db: Executor, scope: FiguresScope, first: string, last: string) {
  const stale = await staleDays(db, scope.supplierId, first, last);
  const keys = new Set(stale.map((pair) => `${pair.supplier_id} ${pair.day}`));
  // One array parameter each (drizzle spreads a JS array into a list): ids and dates as the database gave them.
  const suppliers = `{${stale.map((pair) => pair.supplier_id).join(",")}}`;
  const dates = `{${stale.map((pair) => pair.day).join(",")}}`;
  const pairs = sql`(select * from unnest(${suppliers}::uuid[], ${dates}::date[]))`;
  return {
    leftOut: stale.length ? sql`and (supplier_id, day) not in ${pairs}` : sql``,
    /** Only the stale days' kept rows; none at all without stale days. */
    only: stale.length ? sql`and (supplier_id, day) in ${pairs}` : sql`and false`,
    async countedLive<Row extends { day: string }>(count: (supplierId: string, first: string, last: string) => SQL) {
      const rows: Row[] = [];
      for (const [supplierId, days] of bySupplier(stale))
        for (const [runFirst, runLast] of dayRuns(days))
          for (const row of await rowsOf<Row>(db, count(supplierId, runFirst, runLast)))
            if (keys.has(`${supplierId} ${row.day}`)) rows.push(row);
      return rows;
    },
  };
}

/** Car-days booked and off the road in one car category. */
export interface RangeFigures {
  range: string;
  booked: number;
  blocked: number;
}

/**
 * The scope's fleet use per car category over the UTC days [from, to): `range_day_figures`' rows, with the days a
 * change has touched since the last recount counted live, as `readDayFigures` reads `day_figures`.
 */
export async function readRangeFigures(
  db: Executor,
  scope: FiguresScope,
  { from, to }: { from: Date; to: Date },
): Promise<RangeFigures[]> {
  const first = isoDay(from);
  const last = isoDay(new Date(to.getTime() - DAY_MS));
  if (last < first) return [];
  const stale = await staleOf(db, scope, first, last);
  const places = placeRows(scope, "day");
  const kept = await rowsOf<RangeFigures>(
    db,
    sql`select range, sum(booked)::int as booked, sum(blocked)::int as blocked
      from range_day_figures
      where day >= ${first}::date and day <= ${last}::date and ${places.where}
        ${scope.supplierId ? sql`and supplier_id = ${scope.supplierId}` : sql``} ${stale.leftOut}
      group by range`,
  );
  const summed = new Map<string, RangeFigures>();
  const add = (row: RangeFigures) => {
    const sum = summed.get(row.range) ?? { range: row.range, booked: 0, blocked: 0 };
    sum.booked += Number(row.booked);
    sum.blocked += Number(row.blocked);
    summed.set(row.range, sum);
  };
  for (const row of kept) add(row);
  for (const row of await stale.countedLive<RangeFigures & { day: string; place_id: string | null }>(countRangeDays))
    if (places.holds(row.place_id)) add(row);
  return [...summed.values()].sort((a, b) => a.range.localeCompare(b.range));
}

/**
 * The scope's figures over the UTC days [from, to) (UTC midnights), summed per day (`by: "day"`, every day listed,
 * in order) or per pick-up place (`by: "place"`, the places with any figure): the kept rows, with the days a change
 * has touched since the last recount counted live.
 */
export async function readDayFigures(
  db: Executor,
  scope: FiguresScope,
  { from, to }: { from: Date; to: Date },
  by: "day" | "place",
): Promise<FiguresBy[]> {
  const first = isoDay(from);
  const last = isoDay(new Date(to.getTime() - DAY_MS));
  if (last < first) return [];
  const stale = await staleOf(db, scope, first, last);
  const places = placeRows(scope, by);
  const kept = await rowsOf<FiguresBy>(
    db,
    sql`select ${by === "day" ? sql`to_char(day, 'YYYY-MM-DD')` : sql`place_id::text`} as key, ${sql.join(
      FIGURES.map((figure) => sql`sum(${sql.raw(figure)})::bigint as ${sql.raw(figure)}`),
      sql`, `,
    )}
      from day_figures
      where day >= ${first}::date and day <= ${last}::date and ${places.where}
        ${scope.supplierId ? sql`and supplier_id = ${scope.supplierId}` : sql``} ${stale.leftOut}
      group by 1`,
  );
  const summed = new Map<string, FiguresBy>();
  if (by === "day")
    for (let day = first; day <= last; day = addDays(day, 1)) summed.set(day, { key: day, ...noFigures() });
  const add = (key: string, figures: Figures) => {
    const row = summed.get(key) ?? { key, ...noFigures() };
    for (const figure of FIGURES) row[figure] += Number(figures[figure]);
    summed.set(key, row);
  };
  for (const row of kept) add(row.key, row);
  for (const row of await stale.countedLive<CountedDay>(countDays))
    if (places.holds(row.place_id)) add(by === "day" ? row.day : (row.place_id ?? ""), row);
  // Places in a stable order (days are listed in order already): two reads of the same figures compare equal.
  const rows = [...summed.values()];
  return by === "day" ? rows : rows.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * The kept bookings picked up over the UTC days [from, to) (UTC midnights), per place and in the whole scope (the key
 * `EVERY`). The days a change has touched since the last recount are read first and counted live once:
 * `livePlaces` are the places with pick-ups on them (a place may have none kept yet). `keptFigures(keys)` is a part of
 * a statement that reads the keys a subquery selects: two running sums each (`place_pickup_sums`: the last row on or
 * before the last day, less the last before the first), whatever the period's length, with the stale days' kept rows
 * taken out in the same statement (one snapshot); `withLive` adds their live counts to its rows.
 */
export async function pickupReader(db: Executor, scope: FiguresScope, { from, to }: { from: Date; to: Date }) {
  const first = isoDay(from);
  const last = isoDay(new Date(to.getTime() - DAY_MS));
  const stale = last < first ? null : await staleOf(db, scope, first, last);
  const live = stale ? await stale.countedLive<CountedDay>(countDays) : [];
  const liveKey = (row: CountedDay) => row.place_id ?? EVERY;
  const level = scope.supplierId ?? EVERY;
  const signed = (table: string, sign: string) =>
    sql.join(
      PICKUP_FIGURES.map(
        (figure) => sql`${sql.raw(`${sign}coalesce(${table}.${figure}, 0)::bigint`)} as ${sql.raw(figure)}`,
      ),
      sql`, `,
    );
  const runningAt = (bound: SQL) =>
    sql`select ${sql.raw(PICKUP_FIGURES.join(", "))} from place_pickup_sums s
      where s.supplier_id = ${level} and s.place_id = k.id and ${bound} order by s.day desc limit 1`;
  return {
    livePlaces: [...new Set(live.filter((row) => row.place_id && Number(row.picked_up) > 0).map(liveKey))],
    keptFigures: (keys: SQL): SQL =>
      stale
        ? sql`select key, ${sql.join(
            PICKUP_FIGURES.map((figure) => sql`sum(${sql.raw(figure)})::bigint as ${sql.raw(figure)}`),
            sql`, `,
          )}
          from (
            select k.id::text as key, ${signed("upto", "")} from (${keys}) as k(id)
            left join lateral (${runningAt(sql`s.day <= ${last}::date`)}) upto on true
            union all
            select k.id::text, ${signed("before", "-")} from (${keys}) as k(id)
            left join lateral (${runningAt(sql`s.day < ${first}::date`)}) before on true
            union all
            select coalesce(f.place_id, ${EVERY}::uuid)::text, ${signed("f", "-")} from day_figures f
            where f.day >= ${first}::date and f.day <= ${last}::date
              ${scope.supplierId ? sql`and f.supplier_id = ${scope.supplierId}` : sql``} ${stale.only}
              and coalesce(f.place_id, ${EVERY}::uuid) in (${keys})
          ) parts
          group by key`
        : sql`select k.id::text as key, ${sql.raw(PICKUP_FIGURES.map((figure) => `0::bigint as ${figure}`).join(", "))}
            from (${keys}) as k(id)`,
    withLive<Row extends PickupFigures & { key: string }>(rows: Row[]): Row[] {
      // PostgreSQL's bigint arrives as text: each figure as a number.
      for (const row of rows) for (const figure of PICKUP_FIGURES) row[figure] = Number(row[figure]);
      const byKey = new Map(rows.map((row) => [row.key, row]));
      for (const row of live) {
        const sum = byKey.get(liveKey(row));
        if (sum) for (const figure of PICKUP_FIGURES) sum[figure] += Number(row[figure]);
      }
      return rows;
    },
  };
}

/**
 * The minute beat's share (server/maintenance.ts): takes every stale range and recounts its days in one transaction,
 * under a lock only one instance holds at a time (another instance's beat finds it taken and leaves). Answers how many
 * supplier-days it recounted.
 */
export async function recountStaleDayFigures(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ taken: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${RECOUNT_LOCK_ID}) as taken`,
    );
    if (!lock?.taken) return 0;
    const stale = await rowsOf<{ supplier_id: string; day: string }>(
      tx,
      sql`with taken as (delete from day_figures_stale returning supplier_id, from_day, to_day)
        select distinct supplier_id, to_char(d.day, 'YYYY-MM-DD') as day
        from taken cross join lateral generate_series(from_day, to_day, interval '1 day') as d(day)`,
    );
    const columns = sql.join(
      FIGURES.map((figure) => sql.raw(figure)),
      sql`, `,
    );
    const pickups = sql.raw(PICKUP_FIGURES.join(", "));
    // The suppliers and places whose kept pick-ups this recount changed (a row gone, come or different; null: a
    // supplier's total) and the first day one changed: their running sums are written again from there, once
    // (migration 0051).
    const changedSuppliers = new Set<string>();
    const changedPlaces = new Set<string>();
    let changedSince: string | null = null;
    for (const [supplierId, days] of bySupplier(stale)) {
      for (const [first, last] of dayRuns(days)) {
        // One statement: the delete and the insert see the same snapshot, so the new rows are never the deleted ones.
        const changed = await rowsOf<{ place_id: string | null; since: string }>(
          tx,
          sql`with removed as (
              delete from day_figures
              where supplier_id = ${supplierId} and day >= ${first}::date and day <= ${last}::date
              returning place_id, day, ${pickups}
            ), added as (
              insert into day_figures (supplier_id, place_id, day, ${columns})
              select supplier_id, place_id, day::date, ${columns} from (${countDays(supplierId, first, last)}) counted
              where ${sql.join(
                FIGURES.map((figure) => sql`${sql.raw(figure)} <> 0`),
                sql` or `,
              )}
              returning place_id, day, ${pickups}
            ), was as (select * from removed where picked_up <> 0), now as (select * from added where picked_up <> 0)
            select place_id::text, to_char(min(day), 'YYYY-MM-DD') as since
            from ((table was except all table now) union all (table now except all table was)) changed
            group by place_id`,
        );
        for (const { place_id: placeId, since } of changed) {
          changedSuppliers.add(supplierId);
          if (placeId) changedPlaces.add(placeId);
          if (changedSince === null || since < changedSince) changedSince = since;
        }
        await tx.execute(
          sql`delete from range_day_figures
            where supplier_id = ${supplierId} and day >= ${first}::date and day <= ${last}::date`,
        );
        await tx.execute(
          sql`insert into range_day_figures (supplier_id, place_id, range, day, booked, blocked)
            select supplier_id, place_id, range, day::date, booked, blocked
            from (${countRangeDays(supplierId, first, last)}) counted where booked <> 0 or blocked <> 0`,
        );
      }
    }
    if (changedSince !== null)
      await tx.execute(
        sql`select place_pickup_sums_recount(${`{${[...changedSuppliers].join(",")}}`}::uuid[],
          ${`{${[...changedPlaces].join(",")}}`}::uuid[], ${changedSince}::date)`,
      );
    return stale.length;
  });
}
