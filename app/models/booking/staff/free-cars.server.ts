/**
 * The cars a booking taken for a customer may use (issue 50, point 3): every free car of the supplier (everyone's for
 * an admin) at the pick-up place for the period, never the storefront's results page or its search cap. Found by
 * name, plate or type and paged, the lowest daily price first; each car on the page is then priced and checked by the
 * checkout's own pipeline (the request resolved once, then `resolveOffer` per car: the supplier's minimum days and
 * late flights, the car free), so the list offers only what a checkout would book.
 */
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { carLocations, cars, supplierSettings, users } from "#db/schema";
import type { CarRange, Language } from "~/domain/enums";
import type { Message } from "~/domain/form-errors";
import { placeAndChildren } from "~/models/catalogue/places.server";
import { quoteOffer, resolveOffer } from "~/models/checkout/checkout-offer.server";
import { resolveRentalRequest, type RentalRequest } from "~/models/checkout/rental-request.server";
import { rentalDays } from "~/models/pricing/pricing";
import { freeDuring, offerableCar } from "~/models/search/offer-conditions.server";
import type { Executor } from "~/utils/db.server";
import { carMatchesText } from "~/models/fleet/car-text-search.server";

export const STAFF_CARS_PER_PAGE = 20;

export interface StaffOffer {
  id: string;
  name: string;
  plate: string;
  range: CarRange;
  supplier: string;
  seats: number;
  gearbox: string;
  /** Base cents, for the whole rental without extras, as the checkout prices it. */
  total: number;
  days: number;
  /** Billed by the hour (decision 037); null when by the day. */
  hours: number | null;
}

export type FreeCars =
  { ok: true; offers: StaffOffer[]; page: number; more: boolean } | { ok: false; problem: Message };

export async function freeCarsForStaff(
  db: Executor,
  query: RentalRequest & { supplierId: string | null; text?: string; page?: number },
  context: { language: Language; now: Date },
): Promise<FreeCars> {
  const request = await resolveRentalRequest(db, query, context);
  if (!request.ok) return request;
  const { pickup, from, to, afterClosing } = request;
  const page = Math.max(1, Math.min(500, Math.trunc(query.page ?? 1) || 1));
  const placeIds = await placeAndChildren(db, pickup.id);
  const days = rentalDays(from, to, pickup.timeZone);
  const candidates = await db
    .select({ id: cars.id })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
    .where(
      and(
        query.supplierId ? eq(cars.supplierId, query.supplierId) : undefined,
        offerableCar,
        sql`exists (select 1 from ${carLocations} cl where cl.car_id = ${cars.id} and cl.location_id in (${sql.join(
          placeIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}))`,
        // The supplier's own rules, as `supplierRefusal` states them, so a page is not filled with cars it refuses.
        sql`${supplierSettings.minimumRentalDays} <= ${days}`,
        afterClosing
          ? and(
              eq(supplierSettings.afterHoursForFlights, true),
              gte(supplierSettings.flightGraceMinutes, afterClosing.minutes),
            )
          : undefined,
        carMatchesText(query.text ?? ""),
        freeDuring(from, to),
      ),
    )
    // Cheapest first, as staff quote them (by the daily price; the page's totals are the checkout's own), then by name.
    .orderBy(asc(cars.dailyPrice), asc(cars.name), asc(cars.licensePlate), asc(cars.id))
    .limit(STAFF_CARS_PER_PAGE + 1)
    .offset((page - 1) * STAFF_CARS_PER_PAGE);
  const offers: StaffOffer[] = [];
  for (const candidate of candidates.slice(0, STAFF_CARS_PER_PAGE)) {
    const resolved = await resolveOffer(db, request, { ...query, car: candidate.id }, { placeIds });
    if (!resolved.ok) continue;
    const { offer } = resolved;
    const { price } = quoteOffer(offer, []);
    offers.push({
      id: offer.car.id,
      name: offer.car.name,
      plate: offer.car.licensePlate,
      range: offer.car.range,
      supplier: offer.supplier.name,
      seats: offer.car.seats,
      gearbox: offer.car.gearbox,
      total: price.total,
      days: price.days,
      hours: price.hours,
    });
  }
  return { ok: true, offers, page, more: candidates.length > STAFF_CARS_PER_PAGE };
}
