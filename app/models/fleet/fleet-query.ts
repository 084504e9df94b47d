/** The fleet list's query (decision 027): what its query string may ask for, checked. Pure. */
import { listPage, listText } from "~/domain/list-page";
import { CAR_RANGES, type CarRange } from "~/domain/enums";

export const FLEET_PAGE_SIZE = 30;
/** The list counts its cars up to this many ("1,000+"): an exact count of a large fleet costs more than its page. */
export const FLEET_COUNTED_UP_TO = 1_000;

export const FLEET_SORTS = ["name", "priceAsc", "priceDesc", "newest"] as const;
export type FleetSort = (typeof FLEET_SORTS)[number];
export const FLEET_STATES = ["offered", "notOffered", "retired"] as const;
export type FleetState = (typeof FLEET_STATES)[number];

export interface FleetQuery {
  /** Whose cars: one supplier, or every supplier (an admin's choice). */
  supplierId: string | null;
  text: string;
  range: CarRange | null;
  /** A place's slug. */
  place: string | null;
  state: FleetState | null;
  sort: FleetSort;
  page: number;
}

/** What the list's query string asks for, each value checked (anything else is ignored). */
export function readFleetQuery(search: URLSearchParams, supplierId: string | null): FleetQuery {
  const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
    values.find((known) => known === value) ?? null;
  return {
    supplierId,
    text: listText(search),
    range: pick(CAR_RANGES, search.get("range")),
    place: (search.get("place") ?? "").trim().slice(0, 120) || null,
    state: pick(FLEET_STATES, search.get("state")),
    sort: pick(FLEET_SORTS, search.get("sort")) ?? "name",
    page: listPage(search),
  };
}
