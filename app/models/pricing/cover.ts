/**
 * The excess and the cover (decision 030): what a driver owes at most if the car is damaged or stolen, and how the
 * protection extras reduce it. Pure and shared by results, checkout, receipts, mails and the SQL twin's tests.
 *
 * - The collision damage waiver takes the damage excess to nothing (glass, tyres and underbody stay excluded).
 * - Theft protection takes the theft excess to nothing.
 * - Full insurance takes both to nothing, glass, tyres and underbody included.
 * An extra the car includes at no cost covers every rental of it, chosen or not.
 */
import { isOneOf, type Extra } from "~/domain/enums";
import { EXTRA_INCLUDED, EXTRA_UNAVAILABLE, type CarExtras } from "./pricing";

export const PROTECTION_EXTRAS = [
  "collisionDamageWaiver",
  "theftProtection",
  "fullInsurance",
] as const satisfies readonly Extra[];
export type ProtectionExtra = (typeof PROTECTION_EXTRAS)[number];
export const isProtectionExtra = (extra: Extra): extra is ProtectionExtra => isOneOf(PROTECTION_EXTRAS, extra);

/** A car's excesses in cents, before any cover. */
export interface CarExcess {
  damageExcess: number;
  theftExcess: number;
}

export interface RemainingExcess {
  damage: number;
  theft: number;
}

type CoverPrices = Pick<CarExtras, ProtectionExtra>;

const covers = (car: CoverPrices, extras: Partial<Record<Extra, boolean>>, extra: ProtectionExtra) =>
  Boolean(extras[extra]) || car[extra] === EXTRA_INCLUDED;

/** What the driver still owes if the car is damaged, and if it is stolen, with the chosen (and included) cover. */
export function remainingExcess(
  car: CarExcess & CoverPrices,
  extras: Partial<Record<Extra, boolean>> | readonly Extra[],
): RemainingExcess {
  const chosen = Array.isArray(extras) ? Object.fromEntries(extras.map((extra) => [extra, true])) : extras;
  const full = covers(car, chosen, "fullInsurance");
  return {
    damage: full || covers(car, chosen, "collisionDamageWaiver") ? 0 : car.damageExcess,
    theft: full || covers(car, chosen, "theftProtection") ? 0 : car.theftExcess,
  };
}

/** Whether a protection option takes anything away from what the driver owes with the cover the car includes. */
export function coverReduces(car: CarExcess & CoverPrices, extra: ProtectionExtra): boolean {
  const before = remainingExcess(car, []);
  const after = remainingExcess(car, [extra]);
  return after.damage < before.damage || after.theft < before.theft;
}

/**
 * What one of a car's options is for a rental, as every page says it (issue 53: no page lists an option the checkout
 * will not sell): included, sold at its price, unavailable (the supplier does not sell it, or the Cancellation option
 * once it can no longer make the booking free to cancel, `cancellationOpen` false), or `coversNothing`: a protection
 * that would reduce no excess (a waiver on a car without a damage excess), which no page offers or lists.
 */
export function extraSale(
  car: CarExcess & CarExtras,
  extra: Extra,
  cancellationOpen: boolean,
): "included" | "sold" | "unavailable" | "coversNothing" {
  const price = car[extra];
  if (price === EXTRA_INCLUDED) return "included";
  if (price === EXTRA_UNAVAILABLE || price < 0) return "unavailable";
  if (extra === "cancellation" && !cancellationOpen) return "unavailable";
  if (isProtectionExtra(extra) && !coverReduces(car, extra)) return "coversNothing";
  return "sold";
}

/** Both excesses converted for display. */
export function convertExcess(excess: RemainingExcess, convert: (cents: number) => number): RemainingExcess {
  return { damage: convert(excess.damage), theft: convert(excess.theft) };
}

/** The most the desk may charge: the larger of the two (a car is either damaged or stolen). */
export function worstCase(remaining: RemainingExcess): number {
  return Math.max(remaining.damage, remaining.theft);
}

/** What each protection extra takes away, as an option says it: the excesses left with it alone. */
export function excessWithExtra(car: CarExcess & CoverPrices, extra: ProtectionExtra): RemainingExcess {
  return remainingExcess(car, [extra]);
}

/**
 * The cheapest protection the car offers that leaves no excess at all, with its price per day in cents (the protection
 * extras are all priced per day): none needed (0), full insurance, or the waiver and theft protection the car's
 * excesses call for. Null when the car offers no way to zero excess. `coverDailySql` is its SQL twin.
 */
export function zeroExcessCover(car: CarExcess & CoverPrices): { extras: ProtectionExtra[]; daily: number } | null {
  // Covered already, by what the car includes (or nothing to cover): nothing to add.
  if (worstCase(remainingExcess(car, [])) === 0) return { extras: [], daily: 0 };
  const options: Array<{ extras: ProtectionExtra[]; daily: number }> = [];
  const needsWaiver = car.damageExcess > 0 && car.collisionDamageWaiver !== EXTRA_INCLUDED;
  const needsTheft = car.theftExcess > 0 && car.theftProtection !== EXTRA_INCLUDED;
  if ((!needsWaiver || car.collisionDamageWaiver > 0) && (!needsTheft || car.theftProtection > 0)) {
    options.push({
      extras: [
        ...(needsWaiver ? ["collisionDamageWaiver" as const] : []),
        ...(needsTheft ? ["theftProtection" as const] : []),
      ],
      daily: (needsWaiver ? car.collisionDamageWaiver : 0) + (needsTheft ? car.theftProtection : 0),
    });
  }
  if (car.fullInsurance >= 0) options.push({ extras: ["fullInsurance"], daily: car.fullInsurance });
  // The cheapest; on a tie, the first (the separate parts, which the driver may already have chosen one of).
  return options.reduce<(typeof options)[number] | null>(
    (best, option) => (best === null || option.daily < best.daily ? option : best),
    null,
  );
}

/**
 * What a booking's driver still owes if the car is damaged or stolen: the excesses it was booked with, less its cover
 * (its extras include those the car included). Null for a booking made before excesses were stated.
 */
export function bookingExcess(
  booking: { damageExcess: number | null; theftExcess: number | null } & Record<ProtectionExtra, boolean>,
): RemainingExcess | null {
  if (booking.damageExcess === null || booking.theftExcess === null) return null;
  const notOffered = { collisionDamageWaiver: -1, theftProtection: -1, fullInsurance: -1 };
  return remainingExcess(
    { ...notOffered, damageExcess: booking.damageExcess, theftExcess: booking.theftExcess },
    PROTECTION_EXTRAS.filter((extra) => booking[extra]),
  );
}

/** A booking's excess left with its cover, converted for display; null when it was booked before excesses were stated. */
export function excessOfBooking(
  booking: Parameters<typeof bookingExcess>[0],
  convert: (cents: number) => number,
): RemainingExcess | null {
  const remaining = bookingExcess(booking);
  return remaining && convertExcess(remaining, convert);
}
