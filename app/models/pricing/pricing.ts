/**
 * Rental pricing (spec §9), the one place the rules are written. Pure and shared: checkout and amendments call
 * `quoteRental` on the server, so the price shown there is exactly the price charged. Results show the total their
 * statement ranked by, its SQL twin (`pricing.server.ts`), which tests hold to `quoteRental` car by car.
 *
 * All amounts are integer cents of the base currency (USD). The only rounding is the markup's, half away
 * from zero to the cent (prices are whole cents already).
 */
import { isOneOf, type Equipment, type Extra } from "~/domain/enums";
import { periodDays, periodHours, wallClockTime } from "~/domain/rental-period";
import { chosenEquipment, equipmentCosts, EQUIPMENT, type EquipmentCounts, type EquipmentOffer } from "./equipment";

/** Extras charged once per rental; the others are charged per day. */
export const FLAT_EXTRAS = ["cancellation", "amendments"] as const satisfies readonly Extra[];
export const DAILY_EXTRAS = [
  "theftProtection",
  "collisionDamageWaiver",
  "fullInsurance",
  "additionalDriver",
] as const satisfies readonly Extra[];
export const ALL_EXTRAS = [...FLAT_EXTRAS, ...DAILY_EXTRAS] as const;

/** -1: the supplier does not offer it; 0: included at no cost; otherwise its price in cents. */
export const EXTRA_UNAVAILABLE = -1;
export const EXTRA_INCLUDED = 0;

export interface CarPrices {
  dailyPrice: number;
  discountedDailyPrice: number | null;
  biWeeklyPrice: number | null;
  discountedBiWeeklyPrice: number | null;
  weeklyPrice: number | null;
  discountedWeeklyPrice: number | null;
  monthlyPrice: number | null;
  discountedMonthlyPrice: number | null;
  isDateBasedPrice: boolean;
  /**
   * Inclusive calendar-day periods 'YYYY-MM-DD'; the first one listed that contains a day prices it. Callers list
   * them by start date, then id (the SQL twin's order), so overlapping periods resolve alike everywhere.
   */
  dateBasedPrices: ReadonlyArray<{ startDate: string; endDate: string; dailyPrice: number }>;
  /** Cents per hour for a rental under a day (decision 037); null or absent: rented by the day only. */
  hourlyPrice?: number | null;
}

export type CarExtras = Record<Extra, number>;

/** A line of the rental's options: one of the car's extras, or a piece of the supplier's equipment (decision 033). */
export type PricedOption = Extra | Equipment;
/** Every option line in the order receipts list them: the extras, then the equipment. */
export const PRICED_OPTIONS: readonly PricedOption[] = [...ALL_EXTRAS, ...EQUIPMENT];

/**
 * What a supplier adds to its rates (decision 025): its sales tax, either already in its rates or added on top, and the
 * fees it charges for a car returned elsewhere and for a young driver. Fees and tax only ever add to a price.
 */
export interface SupplierCharges {
  /** Sales tax in hundredths of a percent (2000 = 20 %). */
  taxRateBasisPoints: number;
  /** Whether the supplier's rates already include the tax; if not, it is added to the total. */
  taxIncluded: boolean;
  /** Charged once when the car is returned to another place, in cents (0: none). */
  oneWayFee: number;
  /** Drivers younger than this pay `youngDriverDailyFee` per rental day (null: no such fee). */
  youngDriverAge: number | null;
  youngDriverDailyFee: number;
}

/** A supplier's charges out of any row that carries them (its settings, a results row). */
export function chargesOf(row: SupplierCharges): SupplierCharges {
  const { taxRateBasisPoints, taxIncluded, oneWayFee, youngDriverAge, youngDriverDailyFee } = row;
  return { taxRateBasisPoints, taxIncluded, oneWayFee, youngDriverAge, youngDriverDailyFee };
}

/** The age under which a supplier charges young drivers, when it charges them at all. */
export const youngDriverAgeOf = (charges: SupplierCharges): number | null =>
  charges.youngDriverAge !== null && charges.youngDriverDailyFee > 0 ? charges.youngDriverAge : null;

/** A supplier that adds nothing: rates with no stated tax and no fees. */
export const NO_CHARGES: SupplierCharges = {
  taxRateBasisPoints: 0,
  taxIncluded: true,
  oneWayFee: 0,
  youngDriverAge: null,
  youngDriverDailyFee: 0,
};

export interface PricingInput {
  car: CarPrices & CarExtras;
  /** Supplier markup in hundredths of a percent (250 = 2.5 %), may be negative. */
  markupBasisPoints: number;
  from: Date;
  to: Date;
  /** The pick-up location's IANA zone: date-based prices count its calendar days. */
  timeZone: string;
  extras?: Partial<Record<Extra, boolean>>;
  /** The supplier's equipment and how many of each piece the booking takes (decision 033). */
  equipment?: { offers: readonly EquipmentOffer[]; counts: EquipmentCounts };
  charges?: SupplierCharges;
  /** The car is returned to another place than its pick-up. */
  oneWay?: boolean;
  /** The driver's age at pick-up, when known (null: not known yet, no young-driver fee priced). */
  driverAge?: number | null;
  /** The fewest hours the supplier bills a rental priced by the hour (decision 037); 1 when absent. */
  hourlyMinimumHours?: number;
  /** How many additional drivers the additional-driver extra pays for (decision 038); 1 when absent. */
  additionalDrivers?: number;
}

export interface PriceBreakdown {
  days: number;
  /** The hours billed when the rental is priced by the hour (decision 037); null when priced by the day. */
  hours: number | null;
  /** The rental itself, before extras and markup. */
  base: number;
  /** Each chosen extra's cost (0 when included), and each piece of equipment's (all its count). */
  extras: Partial<Record<PricedOption, number>>;
  /** How many of each piece of equipment the price counts. */
  equipment: EquipmentCounts;
  /** How many additional drivers the price counts (decision 038): 0 without the extra. */
  additionalDrivers: number;
  extrasTotal: number;
  markup: number;
  /** The supplier's fees, charged as they are: no markup on them. */
  fees: { oneWay: number; youngDriver: number };
  /**
   * The sales tax on the rental, markup and fees: part of the total when the supplier's rates include it (`added`
   * false, `amount` the share of the total it is), added to the total otherwise.
   */
  tax: { rateBasisPoints: number; added: boolean; amount: number };
  total: number;
  /** total / days, rounded to the cent, for display. */
  pricePerDay: number;
  /** total / hours when billed by the hour, rounded to the cent, for display; null otherwise. */
  pricePerHour: number | null;
}

/** A rental's price as a results card shows it, markup included, without extras. */
export type RentalPrice = Pick<PriceBreakdown, "days" | "hours" | "total" | "pricePerDay" | "pricePerHour">;

export function rentalPrice(total: number, days: number, hours: number | null = null): RentalPrice {
  return {
    days,
    hours,
    total,
    pricePerDay: divideRounded(total, days),
    pricePerHour: hours === null ? null : divideRounded(total, hours),
  };
}

export class PricingError extends Error {
  constructor(
    readonly code: "invalidPeriod" | "extraUnavailable",
    readonly extra?: Extra,
  ) {
    super(code === "extraUnavailable" ? `extra not offered: ${extra}` : "drop-off must be after pick-up");
    this.name = "PricingError";
  }
}

/** Spec §9: the number of rental days, the period in days rounded up on the pick-up place's clocks. */
export function rentalDays(from: Date, to: Date, timeZone: string): number {
  const days = periodDays(from, to, timeZone);
  if (days < 1) throw new PricingError("invalidPeriod");
  return days;
}

/** Integer division rounded half away from zero, exact for |numerator| < 2^53. */
export function divideRounded(numerator: number, denominator: number): number {
  const quotient = Math.trunc(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  if (Math.abs(remainder) * 2 >= Math.abs(denominator)) return quotient + Math.sign(numerator) * Math.sign(denominator);
  return quotient + 0; // never -0
}

const TIERS = [
  { length: 30, price: "monthlyPrice", discounted: "discountedMonthlyPrice" },
  { length: 7, price: "weeklyPrice", discounted: "discountedWeeklyPrice" },
  { length: 3, price: "biWeeklyPrice", discounted: "discountedBiWeeklyPrice" },
] as const;

const positive = (value: number | null | undefined): value is number => typeof value === "number" && value > 0;

/** The daily price that applies: the discounted one when set. */
export function effectiveDailyPrice(car: Pick<CarPrices, "dailyPrice" | "discountedDailyPrice">): number {
  return positive(car.discountedDailyPrice) ? car.discountedDailyPrice : car.dailyPrice;
}

/** Greedy tiers: 30-day blocks, then 7, then 3, then single days; a tier without a price falls through. */
export function tieredBasePrice(car: CarPrices, days: number): number {
  let remaining = days;
  let total = 0;
  for (const tier of TIERS) {
    const price = positive(car[tier.discounted]) ? car[tier.discounted] : car[tier.price];
    if (!positive(price)) continue;
    const blocks = Math.floor(remaining / tier.length);
    total += blocks * price;
    remaining -= blocks * tier.length;
  }
  return total + remaining * effectiveDailyPrice(car);
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function calendarDate(instant: Date, timeZone: string): string {
  return new Date(wallClockTime(instant, timeZone)).toISOString().slice(0, 10);
}

/** The calendar date `offset` days after `date` ('YYYY-MM-DD' arithmetic, no time zone involved). */
export function addCalendarDays(date: string, offset: number): string {
  const [year = 0, month = 0, day = 0] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
}

/** Each rental day, from the pick-up day in the location's zone, priced by the first period containing it. */
export function dateBasedBasePrice(car: CarPrices, from: Date, days: number, timeZone: string): number {
  const firstDay = calendarDate(from, timeZone);
  const fallback = effectiveDailyPrice(car);
  let total = 0;
  for (let offset = 0; offset < days; offset++) {
    const day = addCalendarDays(firstDay, offset);
    const period = car.dateBasedPrices.find((candidate) => candidate.startDate <= day && day <= candidate.endDate);
    total += period ? period.dailyPrice : fallback;
  }
  return total;
}

/**
 * Decision 037: the hours a rental under a day would be billed by the hour (its length in started hours on the pick-up
 * place's clocks, at least the supplier's minimum), or null when the car has no hourly price or the rental lasts a day
 * or more.
 */
export function billableHours(
  car: Pick<CarPrices, "hourlyPrice">,
  from: Date,
  to: Date,
  timeZone: string,
  minimumHours = 1,
): number | null {
  const hours = periodHours(from, to, timeZone);
  if (hours === null || !positive(car.hourlyPrice)) return null;
  return Math.max(hours, minimumHours);
}

/**
 * The base of a rental that may be billed by the hour: the hours at the car's hourly price when that costs less than
 * its day (`dayBase`), the day otherwise. `hours` null: the day.
 */
export function hourlyOrDayBase(
  car: Pick<CarPrices, "hourlyPrice">,
  hours: number | null,
  dayBase: number,
): { base: number; hours: number | null } {
  if (hours === null || !positive(car.hourlyPrice)) return { base: dayBase, hours: null };
  const byTheHour = car.hourlyPrice * hours;
  return byTheHour < dayBase ? { base: byTheHour, hours } : { base: dayBase, hours: null };
}

/** Whether a driver of this age pays the supplier's young-driver fee. */
export function paysYoungDriverFee(charges: SupplierCharges, driverAge: number | null | undefined): boolean {
  const underAge = youngDriverAgeOf(charges);
  return underAge !== null && driverAge != null && driverAge < underAge;
}

/**
 * The tax on an amount: added on top (rounded half away from zero to the cent), or the share of an amount that
 * already includes it (the amount less the amount without tax, rounded the same way).
 */
export function taxOf(amount: number, charges: Pick<SupplierCharges, "taxRateBasisPoints" | "taxIncluded">): number {
  const rate = charges.taxRateBasisPoints;
  if (charges.taxIncluded) return amount - divideRounded(amount * 10_000, 10_000 + rate);
  return divideRounded(amount * rate, 10_000);
}

export function quoteRental({
  car,
  markupBasisPoints,
  from,
  to,
  timeZone,
  extras = {},
  equipment,
  charges = NO_CHARGES,
  oneWay = false,
  driverAge = null,
  hourlyMinimumHours = 1,
  additionalDrivers = 1,
}: PricingInput): PriceBreakdown {
  const days = rentalDays(from, to, timeZone);
  const dayBase =
    car.isDateBasedPrice && car.dateBasedPrices.length > 0
      ? dateBasedBasePrice(car, from, days, timeZone)
      : tieredBasePrice(car, days);
  const { base, hours } = hourlyOrDayBase(car, billableHours(car, from, to, timeZone, hourlyMinimumHours), dayBase);

  const chosen: Partial<Record<PricedOption, number>> = {};
  for (const extra of ALL_EXTRAS) {
    if (!extras[extra]) continue;
    const price = car[extra];
    if (price === EXTRA_UNAVAILABLE || price < 0) throw new PricingError("extraUnavailable", extra);
    // Each additional driver pays the extra's price (decision 038).
    const each = extra === "additionalDriver" ? additionalDrivers : 1;
    chosen[extra] = (isOneOf(DAILY_EXTRAS, extra) ? price * days : price) * each;
  }
  const counts = equipment ? Object.fromEntries(chosenEquipment(equipment.counts)) : {};
  if (equipment) Object.assign(chosen, equipmentCosts(equipment.offers, counts, days));
  const extrasTotal = Object.values(chosen).reduce((sum, amount) => sum + amount, 0);
  const subtotal = base + extrasTotal;
  const markup = divideRounded(subtotal * markupBasisPoints, 10_000);
  const fees = {
    oneWay: oneWay ? charges.oneWayFee : 0,
    youngDriver: paysYoungDriverFee(charges, driverAge) ? charges.youngDriverDailyFee * days : 0,
  };
  const beforeTax = subtotal + markup + fees.oneWay + fees.youngDriver;
  const tax = {
    rateBasisPoints: charges.taxRateBasisPoints,
    added: !charges.taxIncluded,
    amount: taxOf(beforeTax, charges),
  };
  const total = beforeTax + (tax.added ? tax.amount : 0);
  return {
    base,
    extras: chosen,
    equipment: counts,
    additionalDrivers: extras.additionalDriver ? additionalDrivers : 0,
    extrasTotal,
    markup,
    fees,
    tax,
    ...rentalPrice(total, days, hours),
  };
}

/** An extra's price as a customer sees it: included, unavailable, or a price per day or per rental. */
export function describeExtra(
  extra: Extra,
  price: number,
): { kind: "unavailable" | "included" | "perDay" | "perRental"; amount: number } {
  if (price < 0) return { kind: "unavailable", amount: 0 };
  if (price === 0) return { kind: "included", amount: 0 };
  return { kind: isOneOf(FLAT_EXTRAS, extra) ? "perRental" : "perDay", amount: price };
}

/**
 * What a price says it includes (decision 025), amounts converted for display: the supplier's tax rate and whether its
 * rates include it or it was added, its one-way fee when the car goes back elsewhere (null otherwise), and the
 * young-driver fee it charges per day below an age (null when it charges none).
 */
export function chargesView(charges: SupplierCharges, rental: { oneWay: boolean; convert: (cents: number) => number }) {
  const underAge = youngDriverAgeOf(charges);
  return {
    tax: { rateBasisPoints: charges.taxRateBasisPoints, added: !charges.taxIncluded },
    oneWayFee: rental.oneWay ? rental.convert(charges.oneWayFee) : null,
    // A day's fee as it adds to the total: with the tax when the supplier adds it.
    youngDriver:
      underAge !== null
        ? {
            underAge,
            dailyFee: rental.convert(
              charges.youngDriverDailyFee + (charges.taxIncluded ? 0 : taxOf(charges.youngDriverDailyFee, charges)),
            ),
          }
        : null,
  };
}

export type ChargesView = ReturnType<typeof chargesView>;
