/**
 * The price a car's own page shows for the search's places and dates (issue 53): the checkout's own resolution and
 * quote of the link, with no option chosen but the child seats the search priced in, so the results card, the car's
 * page and the checkout show one total. A link the checkout would refuse gets the checkout's reason instead.
 */
import type { Language } from "~/domain/enums";
import type { Message } from "~/domain/form-errors";
import { checkoutHref, type CheckoutLink } from "~/models/navigation/links";
import type { DisplayPricing } from "~/utils/currency.server";
import type { Executor } from "~/utils/db.server";
import { checkoutRules, checkoutView } from "./checkout-booking.server";
import { equipmentMessage, postedEquipment } from "./checkout-form";
import { resolveCheckout } from "./checkout-offer.server";

export type CarPageQuote =
  | {
      ok: true;
      /** The checkout link, the child seats kept. */
      href: string;
      pickup: { name: string; local: string };
      dropoff: { name: string; local: string };
      days: number;
      hours: number | null;
      total: number;
      pricePerDay: number;
      pricePerHour: number | null;
      childSeats: number;
    }
  | { ok: false; problem: Message };

export async function carPageQuote(
  db: Executor,
  link: CheckoutLink,
  query: URLSearchParams,
  options: { language: Language; now: Date; pricing: DisplayPricing },
): Promise<CarPageQuote> {
  const resolved = await resolveCheckout(db, link, { language: options.language, now: options.now });
  if (!resolved.ok) return resolved;
  const rules = checkoutRules(resolved.offer, { signedIn: false, language: options.language }, options.now);
  const linked = postedEquipment({ childSeat: query.get("childSeat") ?? undefined });
  const problem = equipmentMessage(linked, rules);
  const equipment = problem ? {} : linked.counts;
  const view = checkoutView(resolved.offer, { extras: [], equipment, paymentMode: null }, options.pricing, {
    now: options.now,
  });
  return {
    ok: true,
    href: checkoutHref(link, { equipment }),
    pickup: { name: view.pickup.name, local: view.pickup.local },
    dropoff: { name: view.dropoff.name, local: view.dropoff.local },
    days: view.days,
    hours: view.hours,
    total: view.total,
    pricePerDay: view.pricePerDay,
    pricePerHour: view.pricePerHour,
    childSeats: equipment.childSeat ?? 0,
  };
}
