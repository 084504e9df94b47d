/**
 * Prices as SQL: the twin of `pricing.ts` (`quoteRental`, `withMarkup`), so that results can be sorted and filtered
 * by the price they show. `pricing.server.test.ts` checks the two agree car by car, on both engines.
 */
import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { cars, supplierSettings, users } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { offerableCar } from "./offer-conditions.server";

/** A tier's price as pricing.ts picks it: the discounted one when positive, else the full one when positive. */
const tierPrice = (discounted: AnyPgColumn, full: AnyPgColumn) =>
  sql`coalesce(nullif(greatest(${discounted}, 0), 0), nullif(greatest(${full}, 0), 0))`;

/** What rentalBaseSql binds, checked before it reaches a statement (the values of a prepared one included). */
export function checkRentalDays(days: number): number {
  if (!Number.isInteger(days) || days < 1) throw new Error(`invalid day count ${days}`);
  return days;
}
export function checkFirstDay(firstDay: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(firstDay)) throw new Error(`invalid date ${firstDay}`);
  return firstDay;
}

/**
 * The rental's base price (no extras, no markup) as SQL — the same arithmetic as `quoteRental`, which a test
 * checks car by car — so results can be sorted by the price they show. `days` and `firstDay` are parameters (or the
 * placeholders of a prepared statement), so the statement's text is the same for every period (decision 015).
 */
export function rentalBaseSql(days: number | Placeholder, firstDay: string | Placeholder): SQL {
  if (typeof days === "number") checkRentalDays(days);
  if (typeof firstDay === "string") checkFirstDay(firstDay);
  const daysParameter = sql`${days}::int`;
  const firstDayParameter = sql`${firstDay}::date`;
  const daily = tierPrice(cars.discountedDailyPrice, cars.dailyPrice);
  const monthly = tierPrice(cars.discountedMonthlyPrice, cars.monthlyPrice);
  const weekly = tierPrice(cars.discountedWeeklyPrice, cars.weeklyPrice);
  const threeDays = tierPrice(cars.discountedBiWeeklyPrice, cars.biWeeklyPrice);
  // Greedy blocks: each tier takes what it can of the days the longer tiers left, when it has a price.
  const monthBlocks = sql`(case when ${monthly} is null then 0 else ${daysParameter} / 30 end)`;
  const afterMonths = sql`(${daysParameter} - 30 * ${monthBlocks})`;
  const weekBlocks = sql`(case when ${weekly} is null then 0 else ${afterMonths} / 7 end)`;
  const afterWeeks = sql`(${afterMonths} - 7 * ${weekBlocks})`;
  const threeDayBlocks = sql`(case when ${threeDays} is null then 0 else ${afterWeeks} / 3 end)`;
  const afterThreeDays = sql`(${afterWeeks} - 3 * ${threeDayBlocks})`;
  const tiered = sql`(${monthBlocks}::bigint * coalesce(${monthly}, 0) + ${weekBlocks}::bigint * coalesce(${weekly}, 0)
    + ${threeDayBlocks}::bigint * coalesce(${threeDays}, 0) + ${afterThreeDays}::bigint * ${daily})`;
  const dateBased = sql`(select sum(coalesce(
      (select p.daily_price from date_based_prices p
        where p.car_id = ${cars.id} and day::date between p.start_date and p.end_date
        order by p.start_date, p.id limit 1),
      ${daily}))::bigint
    from generate_series(${firstDayParameter}, ${firstDayParameter} + (${daysParameter} - 1), interval '1 day') as day)`;
  return sql`(case when ${cars.isDateBasedPrice} and exists (select 1 from date_based_prices p where p.car_id = ${cars.id})
    then ${dateBased} else ${tiered} end)`;
}

/** `base` plus the markup in basis points, rounded half away from zero to the cent, like divideRounded. */
export function withMarkupSql(base: SQL | SQL.Aliased, basisPoints: SQL | SQL.Aliased | typeof supplierSettings.markupBasisPoints): SQL {
  // In bigint from the start: a price in cents times a markup in basis points overflows a 32-bit integer quickly.
  const amount = sql`(${base})::bigint`;
  return sql`(${amount} + sign(${amount} * ${basisPoints}) * floor((abs(${amount} * ${basisPoints}) + 5000) / 10000))::bigint`;
}

/**
 * Each range's cheapest one-day rental, markup included ('from' prices on the home page): a price a driver can
 * really be quoted — the daily price (discounted when set), or for a car with date-based prices the lowest of a
 * period that has not ended yet, as quoteRental would charge it.
 */
export async function lowestDailyPrices(db: Executor): Promise<Partial<Record<(typeof cars.$inferSelect)["range"], number>>> {
  const daily = tierPrice(cars.discountedDailyPrice, cars.dailyPrice);
  const lowestPeriod = sql`(select min(p.daily_price) from date_based_prices p where p.car_id = ${cars.id} and p.end_date >= current_date)`;
  const oneDay = sql`(case when ${cars.isDateBasedPrice} then least(${daily}, ${lowestPeriod}) else ${daily} end)`;
  const rows = await db
    .select({ range: cars.range, price: sql<number>`min(${withMarkupSql(oneDay, supplierSettings.markupBasisPoints)})`.mapWith(Number) })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
    .where(offerableCar)
    .groupBy(cars.range);
  return Object.fromEntries(rows.map((row) => [row.range, row.price]));
}
