/**
 * The rental pipeline's first steps (decision 041), the same for every way a rental is asked for: the driver's
 * checkout and amendment, the staff's phone booking, change and free-car list. In order: the places exist, the times
 * are dates on the pick-up place's clocks, the period keeps the platform's rules (lead time, shortest and longest
 * rental), and the desks are open then. What follows depends on the car (its supplier's minimum days, a late flight,
 * the car free, the driver's age, the equipment: `checkout-offer.server.ts` and `rental-rules.ts`).
 */
import type { Message } from "~/domain/form-errors";
import type { Language } from "~/domain/enums";
import { checkRentalPeriod, localDateTimeToInstant } from "~/domain/rental-period";
import { catalogOf } from "~/models/catalogue/catalog.server";
import { rentalDeskCheck, type PlaceOption } from "~/models/catalogue/places.server";
import { getBusinessSettings } from "~/models/catalogue/settings.server";
import type { Executor } from "~/utils/db.server";

/** Where and when, as a form or a link gives them: place slugs (an empty drop-off is the pick-up), local times. */
export interface RentalRequest {
  pickup: string;
  dropoff: string;
  from: string;
  to: string;
}

export type ResolvedRentalRequest = {
  ok: true;
  pickup: PlaceOption;
  dropoff: PlaceOption;
  from: Date;
  to: Date;
  /** The pick-up desk is closed by then, within the longest grace a supplier gives a late flight (decision 031). */
  afterClosing: ReturnType<typeof rentalDeskCheck>["afterClosing"];
};

/** The steps before any car: each refusal is the checkout's own message (namespaced for its page). */
export async function resolveRentalRequest(
  db: Executor,
  request: RentalRequest,
  options: { language: Language; now: Date },
): Promise<ResolvedRentalRequest | { ok: false; problem: Message }> {
  const places = await catalogOf(db).places(options.language);
  const pickup = places.find((place) => place.slug === request.pickup);
  const dropoff = request.dropoff ? places.find((place) => place.slug === request.dropoff) : pickup;
  if (!pickup || !dropoff) return { ok: false, problem: { key: "checkout:problems.unknownPlace" } };
  const from = localDateTimeToInstant(request.from, pickup.timeZone);
  const to = localDateTimeToInstant(request.to, pickup.timeZone);
  // The period rules' messages live in the common namespace; the pages translate in their own.
  if (!from || !to) return { ok: false, problem: { key: "common:validation.invalidDate" } };
  const [period] = checkRentalPeriod(from, to, options.now, await getBusinessSettings(db), pickup.timeZone);
  if (period)
    return {
      ok: false,
      problem:
        "params" in period ? { key: `common:${period.key}`, params: period.params } : { key: `common:${period.key}` },
    };
  // The desks must be open then (decision 024): checked on every request, as a link or a post may carry any time.
  const desks = rentalDeskCheck(pickup, dropoff, from, to, options.language);
  const [closed] = desks.problems;
  if (closed) return { ok: false, problem: { key: `common:${closed.key}`, params: closed.params } };
  return { ok: true, pickup, dropoff, from, to, afterClosing: desks.afterClosing };
}

/** A supplier's own rules for a rental (decision 031, spec §3): a late flight only where it waits, its minimum days. */
export function supplierRefusal(
  settings: { afterHoursForFlights: boolean; flightGraceMinutes: number; minimumRentalDays: number },
  rental: { days: number; afterClosing: ResolvedRentalRequest["afterClosing"] },
): Message | null {
  const late = rental.afterClosing;
  if (late && !(settings.afterHoursForFlights && late.minutes <= settings.flightGraceMinutes))
    return { key: `common:${late.problem.key}`, params: late.problem.params };
  if (rental.days < settings.minimumRentalDays)
    return { key: "checkout:problems.supplierMinimumDays", params: { count: settings.minimumRentalDays } };
  return null;
}
