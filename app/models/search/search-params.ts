/**
 * The search URL's zod schema, read leniently: an unknown value is dropped, never an error. Server-only in
 * practice (the browser never parses a search), which keeps zod out of the search page's bundle.
 */
import { z } from "zod";
import { joinDateTime } from "~/domain/desk-times";
import { CAR_RANGES, DESK_KINDS, FUEL_POLICIES, FUEL_TYPES, GEARBOXES, isOneOf, MULTIMEDIA } from "~/domain/enums";
import {
  ARRAY_KEYS,
  BOOKING_TERMS,
  CAR_SPECS,
  DEPOSIT_THRESHOLDS,
  MILEAGE_KINDS,
  CHILD_SEAT_COUNTS,
  RATING_THRESHOLDS,
  SEAT_OPTIONS,
  SORT_ORDERS,
} from "./search";

/** Keeps the values of a repeated parameter that belong to `values`, once each. */
const listOf = <T extends string>(values: readonly T[]) =>
  z
    .array(z.string())
    .default([])
    .transform((items) => [...new Set(items.filter((item): item is T => isOneOf(values, item)))]);

const oneOf = <T extends number>(values: readonly T[]) =>
  z
    .string()
    .optional()
    .transform((value) => {
      const number = Number(value);
      return isOneOf(values, number) ? number : undefined;
    });

/**
 * A free-text value kept as given, cut to `max` characters: a place or a date that then matches nothing is
 * answered with its translated message ('unknown location', 'invalid date'), never with an error page.
 */
const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, max) || undefined);

export const searchSchema = z.object({
  pickup: text(100),
  dropoff: text(100),
  /** 'Return to the same location': on unless the form says otherwise. */
  same: z.string().optional(),
  from: text(32),
  to: text(32),
  /** The form's date and time fields (decision 036), sent apart; `from` and `to`, one value each, are what links carry. */
  fromDate: text(10),
  fromTime: text(5),
  toDate: text(10),
  toTime: text(5),
  terms: listOf(BOOKING_TERMS),
  range: listOf(CAR_RANGES),
  rating: oneOf(RATING_THRESHOLDS),
  seats: listOf(SEAT_OPTIONS),
  specs: listOf(CAR_SPECS),
  multimedia: listOf(MULTIMEDIA),
  deposit: oneOf(DEPOSIT_THRESHOLDS),
  fuelPolicy: listOf(FUEL_POLICIES),
  supplier: z
    .array(z.string())
    .default([])
    .transform((items) => [...new Set(items.filter((item) => /^[a-z0-9-]{1,60}$/.test(item)))]),
  gearbox: listOf(GEARBOXES),
  mileage: listOf(MILEAGE_KINDS),
  fuelType: listOf(FUEL_TYPES),
  childSeats: oneOf(CHILD_SEAT_COUNTS),
  /** Where the desk is (in the terminal, a shuttle ride away, in town, at a station): the places searched keep those. */
  desk: listOf(DESK_KINDS),
  sort: z.enum(SORT_ORDERS).catch("price-asc").default("price-asc"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export type SearchParams = z.output<typeof searchSchema>;
export type SearchFilters = Omit<
  SearchParams,
  "pickup" | "dropoff" | "same" | "from" | "to" | "fromDate" | "fromTime" | "toDate" | "toTime" | "sort" | "page"
>;

/** Reads a search URL's query; never throws. */
export function parseSearchParams(query: URLSearchParams): SearchParams {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(searchSchema.shape)) {
    raw[key] = isOneOf(ARRAY_KEYS, key) ? query.getAll(key) : (query.get(key) ?? undefined);
  }
  const params = searchSchema.parse(raw);
  // The form sends a date and a time per stop; a link's one value wins.
  return {
    ...params,
    from: params.from ?? joinDateTime(params.fromDate, params.fromTime),
    to: params.to ?? joinDateTime(params.toDate, params.toTime),
  };
}
