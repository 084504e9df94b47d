/**
 * Equipment (decision 033): what a supplier lends with any of its cars — child seats, a navigator, winter tyres, the
 * permission to cross a border — at the price it sets, per rental day up to a cap or once per rental, counted per
 * booking. Pure and shared: `quoteRental` adds it to the rental like the extras (before the markup, fees and tax),
 * the results' SQL twin (`equipmentCostSql`) prices the same, and the checkout's form checks the counts here.
 */
import { EQUIPMENT, isOneOf, type CarRange, type Equipment, type EquipmentCharge } from "~/domain/enums";

export { EQUIPMENT, type Equipment };

/** One piece a supplier lends, and its price in cents; `cap`: at most this much per piece and rental (per day only). */
export interface EquipmentOffer {
  kind: Equipment;
  charge: EquipmentCharge;
  price: number;
  cap: number | null;
}

/** How many of each piece a booking takes (a piece not named: none). */
export type EquipmentCounts = Partial<Record<Equipment, number>>;

/** The seats a child sits in: as many as the car has seats besides the driver's, of any kind. */
export const CHILD_SEATS = ["infantSeat", "childSeat", "boosterSeat"] as const satisfies readonly Equipment[];
export const isChildSeat = (kind: Equipment) => isOneOf(CHILD_SEATS, kind);

/** A price or a cap an operator may set, in cents: up to 10,000.00 in the base currency. */
export const MAX_EQUIPMENT_PRICE = 1_000_000;

/**
 * The seats a child seat may go in: a car's passengers' seats; none on a scooter, where no child seat fits (issue 53:
 * a two-seat scooter was offered one). The search's child-seat filter is its SQL twin (`cars.server.ts`).
 */
export const childSeatPlaces = (car: { range: CarRange; seats: number }): number =>
  car.range === "scooter" ? 0 : Math.max(0, car.seats - 1);

/** The most of one piece a booking may take in a car with `places` seats for child seats (`childSeatPlaces`). */
export const maxEquipmentCount = (kind: Equipment, places: number): number => (isChildSeat(kind) ? places : 1);

/** What one piece costs for a rental of `days` days: the daily price each day up to the cap, or the rental price. */
export function equipmentUnitCost(offer: Pick<EquipmentOffer, "charge" | "price" | "cap">, days: number): number {
  if (offer.charge === "perRental") return offer.price;
  const daily = offer.price * days;
  return offer.cap !== null && offer.cap < daily ? offer.cap : daily;
}

/** The counts worth pricing: whole, above zero, of known pieces, in the list's order. */
export function chosenEquipment(counts: EquipmentCounts): Array<[Equipment, number]> {
  return EQUIPMENT.flatMap((kind) => {
    const count = counts[kind];
    return typeof count === "number" && Number.isInteger(count) && count > 0
      ? [[kind, count] as [Equipment, number]]
      : [];
  });
}

/** Why a choice of equipment cannot be booked with this car, or null: a piece not lent, or more than the car takes. */
export function equipmentProblem(
  offers: readonly EquipmentOffer[],
  counts: EquipmentCounts,
  places: number,
): { kind: "notOffered"; piece: Equipment } | { kind: "tooMany"; piece: Equipment; max: number } | null {
  const chosen = chosenEquipment(counts);
  for (const [kind, count] of chosen) {
    if (!offers.some((offer) => offer.kind === kind)) return { kind: "notOffered", piece: kind };
    const max = maxEquipmentCount(kind, places);
    if (count > max) return { kind: "tooMany", piece: kind, max };
  }
  const seatsTaken = chosen.reduce((sum, [kind, count]) => sum + (isChildSeat(kind) ? count : 0), 0);
  if (seatsTaken > places) {
    const piece = chosen.find(([kind]) => isChildSeat(kind))![0];
    return { kind: "tooMany", piece, max: places };
  }
  return null;
}

/** Each chosen piece's cost for the rental (count × unit cost), in cents; throws on a piece the supplier does not lend. */
export function equipmentCosts(
  offers: readonly EquipmentOffer[],
  counts: EquipmentCounts,
  days: number,
): Partial<Record<Equipment, number>> {
  const costs: Partial<Record<Equipment, number>> = {};
  for (const [kind, count] of chosenEquipment(counts)) {
    const offer = offers.find((candidate) => candidate.kind === kind);
    if (!offer) throw new EquipmentUnavailableError(kind);
    costs[kind] = count * equipmentUnitCost(offer, days);
  }
  return costs;
}

export class EquipmentUnavailableError extends Error {
  constructor(readonly piece: Equipment) {
    super(`equipment not lent: ${piece}`);
    this.name = "EquipmentUnavailableError";
  }
}

/** A booking's equipment a change keeps: the pieces the supplier still lends (a piece it stopped lending is dropped). */
export const stillLent = (offers: readonly EquipmentOffer[], counts: EquipmentCounts): EquipmentCounts =>
  Object.fromEntries(chosenEquipment(counts).filter(([kind]) => offers.some((offer) => offer.kind === kind)));
