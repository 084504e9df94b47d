/**
 * The search URL (spec §2 /search, a GET form): what it may carry, how it is read leniently (an unknown value
 * is dropped, never an error) and how links that keep the current search are written.
 */
import { z } from "zod";
import { CAR_RANGES, FUEL_POLICIES, FUEL_TYPES, GEARBOXES, MULTIMEDIA } from "#db/schema";

/** Spec §9. */
export const CARS_PAGE_SIZE = 15;
export const DEPOSIT_THRESHOLDS = [250, 500, 750] as const;
export const RATING_THRESHOLDS = [1, 2, 3, 4] as const;
export const SEAT_OPTIONS = ["2", "4", "5", "5plus"] as const;
export const CAR_SPECS = ["aircon", "fourDoors", "fiveSeats"] as const;
export const MILEAGE_KINDS = ["limited", "unlimited"] as const;
export const SORT_ORDERS = ["price-asc", "price-desc", "rating"] as const;

export type SeatOption = (typeof SEAT_OPTIONS)[number];
export type CarSpec = (typeof CAR_SPECS)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Keeps the values of a repeated parameter that belong to `values`, once each. */
const listOf = <T extends string>(values: readonly T[]) =>
  z
    .array(z.string())
    .default([])
    .transform((items) => [...new Set(items.filter((item): item is T => (values as readonly string[]).includes(item)))]);

const oneOf = <T extends number>(values: readonly T[]) =>
  z
    .string()
    .optional()
    .transform((value) => {
      const number = Number(value);
      return (values as readonly number[]).includes(number) ? (number as T) : undefined;
    });

export const searchSchema = z.object({
  pickup: z.string().trim().max(100).optional().transform((value) => value || undefined),
  dropoff: z.string().trim().max(100).optional().transform((value) => value || undefined),
  /** 'Return to the same location': on unless the form says otherwise. */
  same: z.string().optional(),
  from: z.string().trim().max(16).optional().transform((value) => value || undefined),
  to: z.string().trim().max(16).optional().transform((value) => value || undefined),
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
  sort: z.enum(SORT_ORDERS).catch("price-asc").default("price-asc"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export type SearchParams = z.output<typeof searchSchema>;
export type SearchFilters = Omit<SearchParams, "pickup" | "dropoff" | "same" | "from" | "to" | "sort" | "page">;

const ARRAY_KEYS = ["range", "seats", "specs", "multimedia", "fuelPolicy", "supplier", "gearbox", "mileage", "fuelType"] as const;

/** Reads a search URL's query; never throws. */
export function parseSearchParams(query: URLSearchParams): SearchParams {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(searchSchema.shape)) {
    raw[key] = (ARRAY_KEYS as readonly string[]).includes(key) ? query.getAll(key) : (query.get(key) ?? undefined);
  }
  return searchSchema.parse(raw);
}

/** Whether the drop-off is the pick-up place: the box is ticked, or no other place was named. */
export function returnsToSameLocation(params: Pick<SearchParams, "same" | "dropoff" | "pickup">): boolean {
  return params.same !== undefined || !params.dropoff || params.dropoff === params.pickup;
}

export function hasActiveFilters(params: SearchParams): boolean {
  return ARRAY_KEYS.some((key) => params[key].length > 0) || params.rating !== undefined || params.deposit !== undefined;
}

/** The query string of a search, with `changes` applied (undefined removes a key). */
export function searchQuery(params: SearchParams, changes: Partial<Record<keyof SearchParams, unknown>> = {}): string {
  const merged = { ...params, ...changes } as Record<string, unknown>;
  const query = new URLSearchParams();
  for (const key of Object.keys(searchSchema.shape)) {
    const value = merged[key];
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else if (key === "sort" && value === "price-asc") continue;
    else if (key === "page" && value === 1) continue;
    else query.set(key, String(value));
  }
  return query.toString();
}

/** The same search without any filter (keeps place, dates and sort). */
export function clearedFilters(params: SearchParams): string {
  const cleared: Partial<Record<keyof SearchParams, unknown>> = { rating: undefined, deposit: undefined, page: 1 };
  for (const key of ARRAY_KEYS) cleared[key] = [];
  return searchQuery(params, cleared);
}

/** Spec §9: truncate with an ellipsis only when the limit is 6 characters or more; shorter limits cut plainly. */
export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return limit >= 6 ? `${text.slice(0, limit - 1).trimEnd()}…` : text.slice(0, Math.max(0, limit));
}
