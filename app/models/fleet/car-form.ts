/**
 * The car form (decision 027): one zod schema for every field the `cars` table holds that an operator sets, read by
 * the create and edit pages and, row by row, by the fleet import, so a file is checked exactly as the form is.
 * Amounts are typed in the base currency (USD) with up to two decimals and stored in cents. Pure: no I/O.
 */
import { MAX_BAGS, USUAL_BAGS } from "~/models/catalogue/car-size";
import { z } from "zod";
import { wholeNumberField as wholeNumber } from "~/domain/number-fields";
import { encodeFormError } from "~/domain/form-errors";
import {
  CAR_RANGES,
  EXTRAS,
  FUEL_POLICIES,
  FUEL_TYPES,
  GEARBOXES,
  MULTIMEDIA,
  type Extra,
  type Multimedia,
} from "~/domain/enums";
import { isCalendarDay } from "~/domain/rental-period";
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters } from "~/domain/text";

/** "2027-06-15" naming a real calendar day. */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

export const CAR_NAME_MAX = 100;
export const PLATE_MAX = 20;
/** The most a day may cost, in base units: a typo guard (a luxury van is far below). */
export const MAX_DAILY_PRICE = 100_000;
/** How many date-based price rows one car may have. */
export const MAX_DATE_PRICES = 24;
/** A car form always offers this many empty date-based price rows (more with "More rows", no script needed). */
export const EMPTY_DATE_PRICE_ROWS = 2;

/** How an extra is offered: not at all, included in the price, or at a price (per day or per rental, by extra). */
export const EXTRA_MODES = ["notOffered", "included", "priced"] as const;
export type ExtraMode = (typeof EXTRA_MODES)[number];

/** The stored value of an extra: -1 not offered, 0 included, otherwise its price in cents. */
export const EXTRA_NOT_OFFERED = -1;

const REQUIRED = "validation.required";
const text = (max: number) =>
  z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(max, encodeFormError("validation.tooLong", { max }))
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE);

/** "45", "45.5", "45,50", "1 200.00" → cents; null when `value` is not an amount with at most two decimals. */
export function parseAmount(value: string): number | null {
  const compact = value.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(compact)) return null;
  const [units, decimals = ""] = compact.split(".");
  return Number(units) * 100 + Number(decimals.padEnd(2, "0"));
}

/** Cents → what an amount field shows ("45", "45.50"). */
export function amountText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const AMOUNT_MESSAGE = encodeFormError("manage:validation.amount", { max: MAX_DAILY_PRICE });
/** An amount in cents, from 0.01 up to MAX_DAILY_PRICE units (or from 0 when `zero` is allowed). */
const amount = ({ zero = false } = {}) =>
  z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((value, context) => {
      const cents = parseAmount(value);
      if (cents === null || cents > MAX_DAILY_PRICE * 100 || (!zero && cents === 0)) {
        context.addIssue({ code: "custom", message: AMOUNT_MESSAGE });
        return z.NEVER;
      }
      return cents;
    });
/** An optional amount: empty means none (0 allowed when `zero` is). */
const optionalAmount = ({ zero = false } = {}) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const cents = parseAmount(value);
      if (cents === null || (!zero && cents === 0) || cents > MAX_DAILY_PRICE * 100) {
        context.addIssue({ code: "custom", message: AMOUNT_MESSAGE });
        return z.NEVER;
      }
      return cents;
    });

/** A ticked checkbox posts "on"; a fleet file says yes/no (or true/false, 1/0). */
const checkbox = z
  .string()
  .max(5)
  .optional()
  .transform((value) => ["on", "true", "yes", "1"].includes((value ?? "").trim().toLowerCase()));

const choice = <Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values, { errorMap: () => ({ message: REQUIRED }) });

/** One date-based price row: a daily price for calendar days `from` to `to` inclusive. Empty rows are dropped. */
const datePriceRow = z
  .object({
    from: z.string().trim().optional(),
    to: z.string().trim().optional(),
    price: z.string().trim().optional(),
  })
  .superRefine((row, context) => {
    if (!row.from && !row.to && !row.price) return;
    if (!row.from || !isIsoDay(row.from))
      context.addIssue({ code: "custom", path: ["from"], message: "manage:validation.day" });
    if (!row.to || !isIsoDay(row.to))
      context.addIssue({ code: "custom", path: ["to"], message: "manage:validation.day" });
    else if (row.from && isIsoDay(row.from) && row.to < row.from)
      context.addIssue({ code: "custom", path: ["to"], message: "manage:validation.dayOrder" });
    const cents = parseAmount(row.price ?? "");
    if (cents === null || cents === 0 || cents > MAX_DAILY_PRICE * 100)
      context.addIssue({ code: "custom", path: ["price"], message: AMOUNT_MESSAGE });
  });

const extraFields = Object.fromEntries(
  EXTRAS.flatMap((extra) => [
    [`${extra}Mode`, choice(EXTRA_MODES)],
    [`${extra}Price`, z.string().trim().max(20).optional()],
  ]),
) as Record<`${Extra}Mode`, ReturnType<typeof choice<typeof EXTRA_MODES>>> &
  Record<`${Extra}Price`, z.ZodOptional<z.ZodString>>;

const carFields = z.object({
  name: text(CAR_NAME_MAX),
  licensePlate: text(PLATE_MAX).transform((plate) => plate.toUpperCase().replace(/\s+/g, " ")),
  range: choice(CAR_RANGES),
  fuelType: choice(FUEL_TYPES),
  gearbox: choice(GEARBOXES),
  seats: wholeNumber(1, 99),
  doors: wholeNumber(0, 9),
  /** The luggage it takes (decision 032). */
  largeBags: wholeNumber(0, MAX_BAGS),
  smallBags: wholeNumber(0, MAX_BAGS),
  aircon: checkbox,
  multimedia: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(z.array(choice(MULTIMEDIA)).max(MULTIMEDIA.length)),
  fuelPolicy: choice(FUEL_POLICIES),
  /** Kilometres a day; empty: unlimited. */
  mileage: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return -1;
      if (!/^\d{1,6}$/.test(value) || Number(value) < 1) {
        context.addIssue({
          code: "custom",
          message: encodeFormError("manage:validation.wholeNumber", { min: 1, max: 999_999 }),
        });
        return z.NEVER;
      }
      return Number(value);
    }),
  minimumAge: wholeNumber(21, 99),
  deposit: amount({ zero: true }),
  /**
   * What the driver owes at most if the car is damaged, or stolen (decision 030), 0 for none; left empty, the deposit
   * (as a fleet file without them, and migration 0021, take it).
   */
  damageExcess: optionalAmount({ zero: true }),
  theftExcess: optionalAmount({ zero: true }),
  dailyPrice: amount(),
  discountedDailyPrice: optionalAmount(),
  weeklyPrice: optionalAmount(),
  discountedWeeklyPrice: optionalAmount(),
  biWeeklyPrice: optionalAmount(),
  discountedBiWeeklyPrice: optionalAmount(),
  monthlyPrice: optionalAmount(),
  discountedMonthlyPrice: optionalAmount(),
  /** A price an hour for rentals under a day (decision 037); empty: rented by the day only. */
  hourlyPrice: optionalAmount(),
  datePrices: z
    .array(datePriceRow)
    .max(MAX_DATE_PRICES + EMPTY_DATE_PRICE_ROWS + 10)
    .optional(),
  ...extraFields,
  /** The places the car is offered at, by id (the form's checkboxes). */
  places: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(z.array(z.string().uuid()).max(5_000)),
  /** Another place, by name or code, typed in (the full list of places may be long). */
  addPlace: z.string().trim().max(120).optional(),
  available: checkbox,
  fullyBooked: checkbox,
  comingSoon: checkbox,
});

/**
 * Rules across fields, checked beside the fields (zod skips an object's own refinement while a field is wrong), on
 * the text as typed: a form with several problems shows all of them at once.
 */
const crossFieldRules = z
  .record(z.unknown())
  .superRefine((form, context) => {
    const typed = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    for (const extra of EXTRAS) {
      if (typed(`${extra}Mode`) !== "priced") continue;
      const cents = parseAmount(typed(`${extra}Price`));
      if (cents === null || cents === 0 || cents > MAX_DAILY_PRICE * 100)
        context.addIssue({ code: "custom", path: [`${extra}Price`], message: AMOUNT_MESSAGE });
    }
    // A discount is lower than the price it discounts.
    for (const [price, discounted] of [
      ["dailyPrice", "discountedDailyPrice"],
      ["weeklyPrice", "discountedWeeklyPrice"],
      ["biWeeklyPrice", "discountedBiWeeklyPrice"],
      ["monthlyPrice", "discountedMonthlyPrice"],
    ] as const) {
      const full = parseAmount(typed(price));
      const lower = parseAmount(typed(discounted));
      if (lower !== null && full !== null && lower >= full)
        context.addIssue({ code: "custom", path: [discounted], message: "manage:validation.discountBelowPrice" });
      if (lower !== null && !typed(price).trim())
        context.addIssue({ code: "custom", path: [price], message: "manage:validation.priceForDiscount" });
    }
    const rows = (Array.isArray(form.datePrices) ? (form.datePrices as Array<Record<string, unknown>>) : []).filter(
      (row) => row && (row.from || row.to || row.price),
    );
    if (rows.length > MAX_DATE_PRICES)
      context.addIssue({
        code: "custom",
        path: ["datePrices"],
        message: encodeFormError("manage:validation.tooManyDatePrices", { max: MAX_DATE_PRICES }),
      });
    for (const { row, other } of overlappingDatePrices(form.datePrices))
      context.addIssue({
        code: "custom",
        path: ["datePrices", row, "from"],
        message: encodeFormError("manage:validation.datePricesOverlap", { row: other + 1 }),
      });
  })
  .transform(() => ({}));

/**
 * Date-based prices whose days overlap (issue 50): two prices for one day would leave the car's price to the order
 * rows happen to be read in. Each row (by its index as posted) that starts on or before the end of an earlier-starting
 * row is named with that row; rows with an unreadable or reversed day are left to their own messages.
 */
export function overlappingDatePrices(posted: unknown): Array<{ row: number; other: number }> {
  const rows = (Array.isArray(posted) ? (posted as Array<Record<string, unknown>>) : [])
    .map((row, index) => ({ index, from: row?.from, to: row?.to }))
    .filter(
      (row): row is { index: number; from: string; to: string } =>
        typeof row.from === "string" &&
        typeof row.to === "string" &&
        isIsoDay(row.from.trim()) &&
        isIsoDay(row.to.trim()) &&
        row.from.trim() <= row.to.trim(),
    )
    .map((row) => ({ ...row, from: row.from.trim(), to: row.to.trim() }))
    .sort((a, b) => (a.from === b.from ? a.index - b.index : a.from < b.from ? -1 : 1));
  const overlaps: Array<{ row: number; other: number }> = [];
  let reaching: (typeof rows)[number] | undefined;
  for (const row of rows) {
    if (reaching && row.from <= reaching.to) overlaps.push({ row: row.index, other: reaching.index });
    if (!reaching || row.to > reaching.to) reaching = row;
  }
  return overlaps;
}

export const carFormSchema = z.intersection(carFields, crossFieldRules);
/** The fields alone: what the form's native constraints are read from (the cross-field rules have none). */
export const carFieldsSchema = carFields;

export type CarFormInput = z.input<typeof carFormSchema>;
/** The car form's fields as the page shows them: the car's own, and the supplier an admin adds a car for. */
export type CarEditorFields = z.input<typeof carFields> & { supplier?: string };
export type CarFormValue = z.output<typeof carFormSchema>;

/** The `cars` columns a valid form sets (the places, date-based prices and picture are stored beside them). */
export function carColumns(form: CarFormValue) {
  const extras = Object.fromEntries(
    EXTRAS.map((extra) => {
      const mode = form[`${extra}Mode`];
      return [
        extra,
        mode === "notOffered" ? EXTRA_NOT_OFFERED : mode === "included" ? 0 : parseAmount(form[`${extra}Price`] ?? "")!,
      ];
    }),
  ) as Record<Extra, number>;
  return {
    name: form.name,
    licensePlate: form.licensePlate,
    range: form.range,
    fuelType: form.fuelType,
    gearbox: form.gearbox,
    seats: form.seats,
    doors: form.doors,
    largeBags: form.largeBags,
    smallBags: form.smallBags,
    aircon: form.aircon,
    multimedia: [...new Set(form.multimedia)] as Multimedia[],
    fuelPolicy: form.fuelPolicy,
    mileage: form.mileage,
    minimumAge: form.minimumAge,
    deposit: form.deposit,
    damageExcess: form.damageExcess ?? form.deposit,
    theftExcess: form.theftExcess ?? form.deposit,
    dailyPrice: form.dailyPrice,
    discountedDailyPrice: form.discountedDailyPrice,
    weeklyPrice: form.weeklyPrice,
    discountedWeeklyPrice: form.discountedWeeklyPrice,
    biWeeklyPrice: form.biWeeklyPrice,
    discountedBiWeeklyPrice: form.discountedBiWeeklyPrice,
    monthlyPrice: form.monthlyPrice,
    discountedMonthlyPrice: form.discountedMonthlyPrice,
    hourlyPrice: form.hourlyPrice,
    isDateBasedPrice: datePriceRows(form).length > 0,
    available: form.available,
    fullyBooked: form.fullyBooked,
    comingSoon: form.comingSoon,
    ...extras,
  };
}
export type CarColumns = ReturnType<typeof carColumns>;

/** The filled date-based price rows, in cents, by start day. */
export function datePriceRows(form: Pick<CarFormValue, "datePrices">) {
  return (form.datePrices ?? [])
    .filter((row) => row.from || row.to || row.price)
    .map((row) => ({ startDate: row.from!, endDate: row.to!, dailyPrice: parseAmount(row.price ?? "")! }))
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/** What the form shows for a stored car (its fields as text), the other way round from `carColumns`. */
export function carFormDefaults(
  car: CarColumns,
  places: string[],
  datePrices: Array<{ startDate: string; endDate: string; dailyPrice: number }>,
): Record<string, unknown> {
  const extras = Object.fromEntries(
    EXTRAS.flatMap((extra) => {
      const stored = car[extra];
      const mode: ExtraMode = stored < 0 ? "notOffered" : stored === 0 ? "included" : "priced";
      return [
        [`${extra}Mode`, mode],
        [`${extra}Price`, stored > 0 ? amountText(stored) : ""],
      ];
    }),
  );
  return {
    name: car.name,
    licensePlate: car.licensePlate,
    range: car.range,
    fuelType: car.fuelType,
    gearbox: car.gearbox,
    seats: String(car.seats),
    doors: String(car.doors),
    largeBags: String(car.largeBags),
    smallBags: String(car.smallBags),
    aircon: car.aircon ? "on" : undefined,
    multimedia: car.multimedia,
    fuelPolicy: car.fuelPolicy,
    mileage: car.mileage < 0 ? "" : String(car.mileage),
    minimumAge: String(car.minimumAge),
    deposit: amountText(car.deposit),
    damageExcess: amountText(car.damageExcess),
    theftExcess: amountText(car.theftExcess),
    dailyPrice: amountText(car.dailyPrice),
    discountedDailyPrice: amountText(car.discountedDailyPrice),
    weeklyPrice: amountText(car.weeklyPrice),
    discountedWeeklyPrice: amountText(car.discountedWeeklyPrice),
    biWeeklyPrice: amountText(car.biWeeklyPrice),
    discountedBiWeeklyPrice: amountText(car.discountedBiWeeklyPrice),
    monthlyPrice: amountText(car.monthlyPrice),
    discountedMonthlyPrice: amountText(car.discountedMonthlyPrice),
    hourlyPrice: amountText(car.hourlyPrice),
    datePrices: datePrices.map((row) => ({ from: row.startDate, to: row.endDate, price: amountText(row.dailyPrice) })),
    places,
    available: car.available ? "on" : undefined,
    fullyBooked: car.fullyBooked ? "on" : undefined,
    comingSoon: car.comingSoon ? "on" : undefined,
    ...extras,
  };
}

/** A new car's form: what most cars are, so the operator changes only what differs. */
export const NEW_CAR_DEFAULTS: Record<string, unknown> = {
  range: "midi",
  fuelType: "gasoline",
  gearbox: "manual",
  seats: "5",
  doors: "4",
  largeBags: String(USUAL_BAGS.midi.largeBags),
  smallBags: String(USUAL_BAGS.midi.smallBags),
  aircon: "on",
  fuelPolicy: "likeForLike",
  mileage: "",
  minimumAge: "21",
  deposit: "0",
  available: "on",
  ...Object.fromEntries(EXTRAS.map((extra) => [`${extra}Mode`, "notOffered"])),
};
