/**
 * What /checkout offers, re-checked on the server for every view and every post: the car exists and is offered,
 * serves the pick-up place (or a place below it), its supplier is not suspended, the period keeps the lead time and
 * the minimum and maximum length, the supplier's minimum days, and no booking holds the car meanwhile. A stale or
 * hand-edited link gets a translated problem and a way back to the same search — never a 404 or a 500.
 */
import { type CheckoutLink } from "~/models/navigation/links";
import type { Message } from "~/domain/form-errors";
import { and, asc, eq, sql } from "drizzle-orm";
import { cars, dateBasedPrices, supplierEquipment, supplierSettings, users } from "#db/schema";
import { type Extra, type Language } from "~/domain/enums";
import type { Executor } from "~/utils/db.server";
import { freeDuring, offerableCar } from "~/models/search/offer-conditions.server";
import { freeCancellationOpen } from "~/models/booking/cancellation-terms";
import { extraSale } from "~/models/pricing/cover";
import { placeAndChildren, type PlaceOption } from "~/models/catalogue/places.server";
import { resolveRentalRequest, supplierRefusal, type ResolvedRentalRequest } from "./rental-request.server";
import {
  ALL_EXTRAS,
  calendarDate,
  chargesOf,
  quoteRental,
  rentalDays,
  type PriceBreakdown,
  type SupplierCharges,
} from "~/models/pricing/pricing";
import { ageOn } from "~/domain/person-fields";
import { isUuid } from "~/domain/ids";
import type { FlightNeed } from "~/domain/flight";
import { EQUIPMENT } from "~/domain/enums";
import type { EquipmentCounts, EquipmentOffer } from "~/models/pricing/equipment";

export type CheckoutProblem = Message;

export interface CheckoutOffer {
  car: typeof cars.$inferSelect & {
    dateBasedPrices: Array<{ startDate: string; endDate: string; dailyPrice: number }>;
  };
  supplier: {
    id: string;
    name: string;
    slug: string;
    logo: string | null;
    payLater: boolean;
    licenseRequired: boolean;
    markupBasisPoints: number;
    /** Its tax, one-way and young-driver fees (decision 025). */
    charges: SupplierCharges;
    /** How long its desk waits for a late flight, in minutes (decision 031). */
    flightGraceMinutes: number;
    /** What it lends with any of its cars (decision 033), in the list's order. */
    equipment: EquipmentOffer[];
    /** The fewest hours it bills a rental priced by the hour (decision 037). */
    hourlyMinimumHours: number;
  };
  /**
   * Whether the driver may give their flight number (an airport pick-up), or must: the pick-up is after the desk closes,
   * which this supplier allows for a late flight (decision 031).
   */
  flight: FlightNeed;
  pickup: PlaceOption;
  dropoff: PlaceOption;
  from: Date;
  to: Date;
  /** As the link gives them (pick-up place's wall clock). */
  fromText: string;
  toText: string;
  days: number;
}

export async function resolveCheckout(
  db: Executor,
  link: CheckoutLink,
  options: { language: Language; now: Date; exceptBookingId?: string },
): Promise<{ ok: true; offer: CheckoutOffer } | { ok: false; problem: CheckoutProblem }> {
  const request = await resolveRentalRequest(db, link, options);
  if (!request.ok) return request;
  return resolveOffer(db, request, link, options);
}

/**
 * The pipeline's steps for one car, once the request is resolved: a caller checking many cars for one request (the
 * staff's free-car list) resolves the request, and the pick-up's places (`placeIds`), once.
 */
export async function resolveOffer(
  db: Executor,
  request: ResolvedRentalRequest,
  link: Pick<CheckoutLink, "car" | "from" | "to">,
  options: { exceptBookingId?: string; placeIds?: string[] },
): Promise<{ ok: true; offer: CheckoutOffer } | { ok: false; problem: CheckoutProblem }> {
  const { pickup, dropoff, from, to, afterClosing: late } = request;
  if (!isUuid(link.car)) return { ok: false, problem: { key: "checkout:problems.carNotFound" } };

  const [row] = await db
    .select({ car: cars, supplierName: users.fullName, blacklisted: users.blacklisted, settings: supplierSettings })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
    .where(eq(cars.id, link.car));
  if (!row) return { ok: false, problem: { key: "checkout:problems.carNotFound" } };
  const days = rentalDays(from, to, pickup.timeZone);
  const refused = supplierRefusal(row.settings, { days, afterClosing: late });
  if (refused) return { ok: false, problem: refused };
  const placeIds = options.placeIds ?? (await placeAndChildren(db, pickup.id));
  const [offered] = await db
    .select({ id: cars.id })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .where(
      and(
        eq(cars.id, row.car.id),
        offerableCar,
        sql`exists (select 1 from car_locations cl where cl.car_id = ${cars.id} and cl.location_id in (${sql.join(
          placeIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}))`,
        freeDuring(from, to, { exceptBookingId: options.exceptBookingId }),
      ),
    );
  if (!offered) return { ok: false, problem: { key: "checkout:problems.carUnavailable" } };
  const periods = await db
    .select({
      startDate: dateBasedPrices.startDate,
      endDate: dateBasedPrices.endDate,
      dailyPrice: dateBasedPrices.dailyPrice,
    })
    .from(dateBasedPrices)
    .where(eq(dateBasedPrices.carId, row.car.id))
    .orderBy(asc(dateBasedPrices.startDate), asc(dateBasedPrices.id));
  const equipment = await supplierEquipmentOf(db, row.car.supplierId);
  return {
    ok: true,
    offer: {
      car: { ...row.car, dateBasedPrices: periods },
      supplier: {
        id: row.car.supplierId,
        name: row.supplierName,
        slug: row.settings.slug,
        logo: row.settings.logo,
        payLater: row.settings.payLater,
        licenseRequired: row.settings.licenseRequired,
        markupBasisPoints: row.settings.markupBasisPoints,
        charges: chargesOf(row.settings),
        flightGraceMinutes: row.settings.flightGraceMinutes,
        equipment,
        hourlyMinimumHours: row.settings.hourlyMinimumHours,
      },
      flight: late ? "required" : pickup.airport ? "optional" : "none",
      pickup,
      dropoff,
      from,
      to,
      fromText: link.from.slice(0, 16),
      toText: link.to.slice(0, 16),
      days,
    },
  };
}

/** What a supplier lends with any of its cars (decision 033), in the list's order. */
export async function supplierEquipmentOf(db: Executor, supplierId: string): Promise<EquipmentOffer[]> {
  const rows = await db
    .select({
      kind: supplierEquipment.kind,
      charge: supplierEquipment.charge,
      price: supplierEquipment.price,
      cap: supplierEquipment.cap,
    })
    .from(supplierEquipment)
    .where(eq(supplierEquipment.supplierId, supplierId));
  return EQUIPMENT.flatMap((kind) => rows.filter((row) => row.kind === kind));
}

/**
 * Extras the supplier includes (always part of the booking) and those it sells (the driver may tick them): not a
 * protection that would reduce no excess, nor the Cancellation option once it cannot help (`extraSale`).
 */
export function extrasOfCar(
  car: CheckoutOffer["car"],
  cancellationOpen = true,
): { included: Extra[]; optional: Extra[] } {
  return {
    included: ALL_EXTRAS.filter((extra) => extraSale(car, extra, cancellationOpen) === "included"),
    optional: ALL_EXTRAS.filter((extra) => extraSale(car, extra, cancellationOpen) === "sold"),
  };
}

/**
 * The extras the checkout sells for an offer at `now`: the Cancellation option only while it can still make the
 * booking free to cancel (within 24 hours of pick-up it would buy nothing: decision 021's amendment).
 */
export function checkoutExtras(offer: Pick<CheckoutOffer, "car" | "from">, now: Date) {
  return extrasOfCar(offer.car, freeCancellationOpen(offer.from, now));
}

/** A one-way rental: the car goes back to another place than its pick-up (the supplier's one-way fee applies). */
export const isOneWay = (offer: Pick<CheckoutOffer, "pickup" | "dropoff">) => offer.dropoff.id !== offer.pickup.id;

/** The driver's age on the pick-up day (young-driver fees), from a birth date 'YYYY-MM-DD'; null when not known. */
export function driverAgeAt(offer: Pick<CheckoutOffer, "from" | "pickup">, birthDate: string | null): number | null {
  if (!birthDate) return null;
  return ageOn(birthDate, new Date(`${calendarDate(offer.from, offer.pickup.timeZone)}T00:00:00Z`));
}

/**
 * The server's price for the offer with the chosen extras (included ones always in), the supplier's fees and tax:
 * the young-driver fee only once the driver's age is known.
 */
export function quoteOffer(
  offer: CheckoutOffer,
  chosen: readonly Extra[],
  driverAge: number | null = null,
  equipment: EquipmentCounts = {},
  additionalDrivers = 1,
): { price: PriceBreakdown; extras: Extra[] } {
  const { included } = extrasOfCar(offer.car);
  const extras = ALL_EXTRAS.filter((extra) => included.includes(extra) || chosen.includes(extra));
  const price = quoteRental({
    car: offer.car,
    markupBasisPoints: offer.supplier.markupBasisPoints,
    from: offer.from,
    to: offer.to,
    timeZone: offer.pickup.timeZone,
    extras: Object.fromEntries(extras.map((extra) => [extra, true])),
    equipment: { offers: offer.supplier.equipment, counts: equipment },
    charges: offer.supplier.charges,
    oneWay: isOneWay(offer),
    driverAge,
    hourlyMinimumHours: offer.supplier.hourlyMinimumHours,
    additionalDrivers,
  });
  return { price, extras };
}
