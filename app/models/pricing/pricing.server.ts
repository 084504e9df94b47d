/**
 * Prices as SQL: the twin of `pricing.ts` (`quoteRental`, `divideRounded` for the markup), so that results can be
 * sorted by, and show, the price checkout will quote. `pricing.server.test.ts` checks the two agree car by car, on
 * both engines.
 */
import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { cars, supplierSettings, users } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { offerableCar } from "~/models/search/offer-conditions.server";

/** A tier's price as pricing.ts picks it: the discounted one when positive, else the full one when positive. */
const tierPrice = (discounted: AnyPgColumn, full: AnyPgColumn) =>
  sql`coalesce(nullif(greatest(${discounted}, 0), 0), nullif(greatest(${full}, 0), 0))`;

/** What the price statements bind, checked before it reaches one (the values of a prepared one included). */
export function checkRentalDays(days: number): number {
  if (!Number.isInteger(days) || days < 1) throw new Error(`invalid day count ${days}`);
  return days;
}
export function checkFirstDay(firstDay: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(firstDay)) throw new Error(`invalid date ${firstDay}`);
  return firstDay;
}

/** A car's price per tier as pricing.ts picks it (null when the tier has no price). */
export interface TierPrices {
  daily: SQL;
  threeDays: SQL;
  weekly: SQL;
  monthly: SQL;
}

export const carTierPrices: TierPrices = {
  daily: tierPrice(cars.discountedDailyPrice, cars.dailyPrice),
  threeDays: tierPrice(cars.discountedBiWeeklyPrice, cars.biWeeklyPrice),
  weekly: tierPrice(cars.discountedWeeklyPrice, cars.weeklyPrice),
  monthly: tierPrice(cars.discountedMonthlyPrice, cars.monthlyPrice),
};

const daysValue = (days: number | Placeholder) => {
  if (typeof days === "number") checkRentalDays(days);
  return sql`${days}::int`;
};

/**
 * A date-priced car's base (null for any other car): each day priced by the first period holding it (earliest start,
 * then id), else at the daily price, as `dateBasedBasePrice` does. The days and the car's periods are joined once;
 * a lookup per day cost twice as much on embedded PGlite.
 */
export function datedBaseSql(days: number | Placeholder, firstDay: string | Placeholder): SQL {
  if (typeof firstDay === "string") checkFirstDay(firstDay);
  const firstDayParameter = sql`${firstDay}::date`;
  return sql`(case when ${cars.isDateBasedPrice} and exists (select 1 from date_based_prices p where p.car_id = ${cars.id})
    then (select sum(coalesce(day_price.daily_price, ${carTierPrices.daily}))::bigint from (
      select distinct on (day) p.daily_price
      from generate_series(${firstDayParameter}, ${firstDayParameter} + (${daysValue(days)} - 1), interval '1 day') as day
        left join date_based_prices p on p.car_id = ${cars.id} and day::date between p.start_date and p.end_date
      order by day, p.start_date, p.id) as day_price) end)`;
}

/**
 * Greedy tiers, as `tieredBasePrice` does: each tier takes what it can of the days the longer tiers left, when it
 * has a price. The tiers are read several times each, so a statement passes them as columns it has computed once.
 */
function tieredBaseSql(days: number | Placeholder, tiers: TierPrices): SQL {
  const daysParameter = daysValue(days);
  const { daily, threeDays, weekly, monthly } = tiers;
  const monthBlocks = sql`(case when ${monthly} is null then 0 else ${daysParameter} / 30 end)`;
  const afterMonths = sql`(${daysParameter} - 30 * ${monthBlocks})`;
  const weekBlocks = sql`(case when ${weekly} is null then 0 else ${afterMonths} / 7 end)`;
  const afterWeeks = sql`(${afterMonths} - 7 * ${weekBlocks})`;
  const threeDayBlocks = sql`(case when ${threeDays} is null then 0 else ${afterWeeks} / 3 end)`;
  const afterThreeDays = sql`(${afterWeeks} - 3 * ${threeDayBlocks})`;
  return sql`(${monthBlocks}::bigint * coalesce(${monthly}, 0) + ${weekBlocks}::bigint * coalesce(${weekly}, 0)
    + ${threeDayBlocks}::bigint * coalesce(${threeDays}, 0) + ${afterThreeDays}::bigint * ${daily})`;
}

/**
 * The rental's base price (no extras, no markup) as SQL — the same arithmetic as `quoteRental`, which a test
 * checks car by car — so results can be sorted by the price they show. `days` and `firstDay` are parameters (or the
 * placeholders of a prepared statement), so the statement's text is the same for every period (decision 015).
 */
export function rentalBaseSql(
  days: number | Placeholder,
  firstDay: string | Placeholder,
  hours: number | null | Placeholder = null,
): SQL {
  const dayBase = rentalBaseOfSql(days, { dated: datedBaseSql(days, firstDay), tiers: carTierPrices });
  return hourlyOrDayBaseSql(
    dayBase,
    cars.hourlyPrice,
    billableHoursSql(hours, cars.hourlyPrice, supplierSettings.hourlyMinimumHours),
  );
}

/**
 * The twin of `billableHours` (decision 037): the rental's started hours (a parameter, null for a day or more), at
 * least the supplier's minimum, when the car has an hourly price; null otherwise.
 */
export function billableHoursSql(
  hours: number | null | Placeholder,
  hourlyPrice: SQL | AnyPgColumn,
  minimumHours: SQL | AnyPgColumn,
): SQL {
  if (typeof hours === "number" && !(Number.isInteger(hours) && hours >= 1 && hours <= 24))
    throw new Error(`invalid hour count ${hours}`);
  const given = sql`(${hours})::int`;
  // greatest() skips nulls: a day-long rental's null must stay null.
  return sql`(case when ${given} is not null and ${hourlyPrice} > 0 then greatest(${given}, ${minimumHours}) end)`;
}

/** The twin of `hourlyOrDayBase`: the billed hours at the hourly price when that is less than the day (least() skips nulls). */
export function hourlyOrDayBaseSql(dayBase: SQL, hourlyPrice: SQL | AnyPgColumn, billedHours: SQL): SQL {
  return sql`least((${dayBase})::bigint, (${hourlyPrice})::bigint * ${billedHours})`;
}

/** The hours a row is billed by (null: by the day), as `hourlyOrDayBase` reports them. */
export function billedHoursSql(dayBase: SQL, hourlyPrice: SQL | AnyPgColumn, billedHours: SQL): SQL {
  return sql`(case when (${hourlyPrice})::bigint * ${billedHours} < (${dayBase})::bigint then ${billedHours} end)`;
}

/**
 * The same base from its parts, however a statement computed them (the search reads them from columns): a date-priced
 * car's own base when it has one, else the greedy tiers.
 */
export function rentalBaseOfSql(days: number | Placeholder, parts: { dated: SQL; tiers: TierPrices }): SQL {
  return sql`coalesce(${parts.dated}, ${tieredBaseSql(days, parts.tiers)})`;
}

/** `base` plus the markup in basis points, rounded half away from zero to the cent, like divideRounded. */
export function withMarkupSql(
  base: SQL | SQL.Aliased,
  basisPoints: SQL | SQL.Aliased | typeof supplierSettings.markupBasisPoints,
): SQL {
  // In bigint from the start: a price in cents times a markup in basis points overflows a 32-bit integer quickly.
  const amount = sql`(${base})::bigint`;
  return sql`(${amount} + sign(${amount} * ${basisPoints}) * floor((abs(${amount} * ${basisPoints}) + 5000) / 10000))::bigint`;
}

/** A supplier's charges as columns of a statement (decision 025), the twin of `SupplierCharges`. */
export interface ChargesColumns {
  taxRateBasisPoints: SQL | AnyPgColumn;
  taxIncluded: SQL | AnyPgColumn;
  oneWayFee: SQL | AnyPgColumn;
  youngDriverAge: SQL | AnyPgColumn;
  youngDriverDailyFee: SQL | AnyPgColumn;
}

export const supplierChargesColumns: ChargesColumns = {
  taxRateBasisPoints: supplierSettings.taxRateBasisPoints,
  taxIncluded: supplierSettings.taxIncluded,
  oneWayFee: supplierSettings.oneWayFee,
  youngDriverAge: supplierSettings.youngDriverAge,
  youngDriverDailyFee: supplierSettings.youngDriverDailyFee,
};

/**
 * A price with its markup, plus the supplier's fees and its tax when added, as `quoteRental` adds them: the one-way
 * fee when `oneWay`, the young-driver fee per day when the driver's age (null: not given) is under the supplier's,
 * then the tax on all of it (rounded half away from zero). Every part is a parameter or a column: one statement text.
 */
export function withChargesSql(
  priced: SQL,
  charges: ChargesColumns,
  rental: {
    days: number | Placeholder;
    oneWay: SQL | Placeholder | boolean;
    driverAge: SQL | Placeholder | number | null;
  },
): SQL {
  const oneWay = typeof rental.oneWay === "boolean" ? sql`${rental.oneWay}::boolean` : sql`(${rental.oneWay})::boolean`;
  const age = sql`(${rental.driverAge})::int`;
  const youngDriverFee = sql`(case when ${age} < ${charges.youngDriverAge} then ${charges.youngDriverDailyFee}::bigint * ${daysValue(rental.days)} else 0 end)`;
  const beforeTax = sql`((${priced})::bigint + (case when ${oneWay} then ${charges.oneWayFee} else 0 end) + ${youngDriverFee})`;
  return sql`(case when ${charges.taxIncluded} then ${beforeTax}
    else ${withMarkupSql(beforeTax, sql`${charges.taxRateBasisPoints}`)} end)::bigint`;
}

/**
 * The price per day of a car's cheapest zero-excess cover (decision 030), null when it has none: the twin of
 * `zeroExcessCover` in cover.ts. The waiver and theft protection where the car's excesses call for them (and it
 * offers them), or full insurance, whichever costs less; nothing when no excess is left to cover.
 */
export const coverDailySql = sql<number | null>`least(
  case when (${cars.damageExcess} = 0 or ${cars.collisionDamageWaiver} >= 0)
    and (${cars.theftExcess} = 0 or ${cars.theftProtection} >= 0)
  then (case when ${cars.damageExcess} > 0 and ${cars.collisionDamageWaiver} <> 0 then ${cars.collisionDamageWaiver} else 0 end)
    + (case when ${cars.theftExcess} > 0 and ${cars.theftProtection} <> 0 then ${cars.theftProtection} else 0 end) end,
  case when ${cars.fullInsurance} >= 0 then ${cars.fullInsurance} end)`;

/** A rental's base with a cover priced per day added, as `quoteRental` adds daily extras (null without a cover). */
export function withCoverSql(base: SQL, coverDaily: SQL, days: number | Placeholder): SQL {
  return sql`((${base})::bigint + (${coverDaily})::bigint * ${daysValue(days)})`;
}

/**
 * What `count` pieces of one piece of equipment cost for the rental (decision 033), the twin of `equipmentUnitCost`
 * times the count: the daily price each day up to the cap, or the rental price.
 */
export function equipmentCostSql(
  offer: { charge: SQL; price: SQL; cap: SQL },
  count: number | Placeholder | SQL,
  days: number | Placeholder | SQL,
): SQL {
  const dayCount = typeof days === "number" || !("queryChunks" in days) ? daysValue(days) : sql`(${days})::int`;
  const daily = sql`(${offer.price})::bigint * ${dayCount}`;
  return sql`((case when ${offer.charge} = 'perRental' then (${offer.price})::bigint
    else least(${daily}, coalesce((${offer.cap})::bigint, ${daily})) end) * (${count})::int)`;
}

/**
 * Each range's cheapest one-day rental, markup included ('from' prices on the home page): a price a driver can
 * really be quoted — the daily price (discounted when set), or for a car with date-based prices the lowest of a
 * period that has not ended yet, as quoteRental would charge it, tax included.
 */
export async function lowestDailyPrices(
  db: Executor,
): Promise<Partial<Record<(typeof cars.$inferSelect)["range"], number>>> {
  const { daily } = carTierPrices;
  const lowestPeriod = sql`(select min(p.daily_price) from date_based_prices p where p.car_id = ${cars.id} and p.end_date >= current_date)`;
  const oneDay = sql`(case when ${cars.isDateBasedPrice} then least(${daily}, ${lowestPeriod}) else ${daily} end)`;
  const rows = await db
    .select({
      range: cars.range,
      // As quoted to a driver of unknown age returning the car where it was collected: any tax the supplier adds in.
      price:
        sql<number>`min(${withChargesSql(withMarkupSql(oneDay, supplierSettings.markupBasisPoints), supplierChargesColumns, { days: 1, oneWay: false, driverAge: null })})`.mapWith(
          Number,
        ),
    })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
    .where(offerableCar)
    .groupBy(cars.range);
  return Object.fromEntries(rows.map((row) => [row.range, row.price]));
}
