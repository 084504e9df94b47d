/**
 * Everything /checkout shows and does, so the route stays thin: the page's view of an offer (priced by the server
 * in the display currency), and placing the booking with its payment. Imports go one way: the route calls this,
 * this calls the booking model and the payment gateways.
 */
import { ADDITIONAL_DRIVER_POSITIONS, additionalDriverFields } from "./checkout-fields";
import { freeCancellationDeadline, freeCancellationOpen } from "~/models/booking/cancellation-terms";
import type { Message } from "~/domain/form-errors";
import { type Currency, type Extra, type Language, type PaymentMode } from "~/domain/enums";
import type { DisplayPricing } from "~/utils/currency.server";
import { configuredGatewayNames, GATEWAYS } from "~/models/payments/gateways/gateway.server";
import { newAttemptId } from "~/models/payments/gateways/sandbox.server";
import { getEnv } from "~/utils/env.server";
import { MINIMUM_DRIVER_AGE } from "~/domain/person-fields";
import {
  bookingReference,
  convertedPriceLines,
  offeredPaymentOptions,
  onlineChargeOf,
  paymentTerms,
  paysOnline,
} from "~/models/booking/booking";
import { announceBooking } from "~/models/booking/booking-announcements.server";
import { placeBooking, type DriverDetails } from "~/models/booking/bookings.server";
import { recordPaymentStart } from "~/models/payments/payments.server";
import { payForHeldBooking, type HeldPaymentOutcome } from "~/models/payments/hold-payment.server";
import { checkoutExtras, driverAgeAt, extrasOfCar, quoteOffer, type CheckoutOffer } from "./checkout-offer.server";
import { placeDesks } from "~/models/catalogue/places.server";
import type { CheckoutOrder, CheckoutRules } from "./checkout-form";
import { convertMinorUnits } from "~/domain/money";
import { describeExtra, youngDriverAgeOf, type PriceBreakdown } from "~/models/pricing/pricing";
import { convertExcess, isProtectionExtra, remainingExcess } from "~/models/pricing/cover";
import { instantToLocalDateTime } from "~/domain/rental-period";
import { childSeatPlaces, maxEquipmentCount, type EquipmentCounts } from "~/models/pricing/equipment";

export interface SignedInDriver {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  birthDate: string | null;
  driverLicense: string | null;
}

/** The rules the form is checked against for this offer and driver. */
export function checkoutRules(
  offer: CheckoutOffer,
  driver: { signedIn: boolean; language: Language },
  now: Date,
): CheckoutRules {
  const { included, optional } = checkoutExtras(offer, now);
  const gateways = configuredGatewayNames();
  return {
    signedIn: driver.signedIn,
    language: driver.language,
    minimumAge: Math.max(MINIMUM_DRIVER_AGE, offer.car.minimumAge),
    includedExtras: included,
    optionalExtras: optional,
    equipment: offer.supplier.equipment,
    childSeatPlaces: childSeatPlaces(offer.car),
    paymentModes: offeredPaymentOptions({
      payLater: offer.supplier.payLater,
      deposit: offer.car.deposit,
      onlinePayments: gateways.length > 0,
    }),
    gateways,
    cardFormGateways: gateways.filter((name) => GATEWAYS[name].cardInOurForm),
    flight: offer.flight,
    now,
  };
}

/** The page's summary and options, every amount converted to the display currency (minor units). */
export function checkoutView(
  offer: CheckoutOffer,
  choice: {
    extras: readonly Extra[];
    paymentMode: PaymentMode | null;
    driverAge?: number | null;
    /** The equipment counts, valid for the offer (the form's `equipmentProblem` checked them). */
    equipment?: EquipmentCounts;
    /** How many additional drivers the extra pays for (decision 038); one when absent. */
    additionalDrivers?: number;
  },
  pricing: DisplayPricing,
  sale: {
    now?: Date;
    /** An amendment: the car's extras as booked, the Cancellation option included in the last 24 hours. */
    amending?: boolean;
  } = {},
) {
  const now = sale.now ?? new Date();
  const convert = (cents: number) => convertMinorUnits(cents, pricing.rate);
  const { included, optional } = sale.amending ? extrasOfCar(offer.car) : checkoutExtras(offer, now);
  const driverAge = choice.driverAge ?? null;
  // A link may name extras this car does not have (hand-edited, or the supplier changed them): they are left out.
  const { price, extras } = quoteOffer(
    offer,
    choice.extras.filter((extra) => optional.includes(extra)),
    driverAge,
    choice.equipment,
    Math.max(1, choice.additionalDrivers ?? 1),
  );
  const rules = checkoutRules(offer, { signedIn: false, language: "en" }, now);
  const lines = convertedPriceLines(price, convert);
  const total = lines.total;
  const youngDriverAge = youngDriverAgeOf(offer.supplier.charges);
  return {
    car: {
      id: offer.car.id,
      name: offer.car.name,
      image: offer.car.image,
      range: offer.car.range,
      seats: offer.car.seats,
      gearbox: offer.car.gearbox,
      fuelPolicy: offer.car.fuelPolicy,
      mileage: offer.car.mileage,
      minimumAge: rules.minimumAge,
    },
    supplier: { name: offer.supplier.name, logo: offer.supplier.logo, licenseRequired: offer.supplier.licenseRequired },
    pickup: {
      name: offer.pickup.name,
      local: instantToLocalDateTime(offer.from, offer.pickup.timeZone),
      timeZone: offer.pickup.timeZone,
    },
    // Each stop on its own place's clocks (a one-way rental may cross a time zone).
    dropoff: {
      name: offer.dropoff.name,
      local: instantToLocalDateTime(offer.to, offer.dropoff.timeZone),
      timeZone: offer.dropoff.timeZone,
    },
    // Where to collect and return the car, how to call, and when the desks are open (decision 024).
    desks: placeDesks(offer.pickup, offer.dropoff),
    // The flight number field at an airport, and how long the desk waits for a late flight (decision 031).
    flight: { field: offer.flight, graceMinutes: offer.supplier.flightGraceMinutes },
    // When free cancellation (paid online with the Cancellation option) ends, on the pick-up place's clocks; null once
    // it has passed (a pick-up within 24 hours): the option is then not sold, and the terms say non-refundable.
    cancellationDeadline: freeCancellationOpen(offer.from, now)
      ? instantToLocalDateTime(freeCancellationDeadline(offer.from), offer.pickup.timeZone)
      : null,
    days: price.days,
    // Billed by the hour (decision 037): how many; null when by the day.
    hours: price.hours,
    extras: {
      included,
      chosen: extras.filter((extra) => optional.includes(extra)),
      options: optional.map((extra) => {
        const { kind, amount } = describeExtra(extra, offer.car[extra]);
        return { extra, kind, amount: convert(amount), protection: isProtectionExtra(extra) };
      }),
    },
    // What the supplier lends with the car (decision 033), each priced for the page, and the counts priced.
    equipment: {
      // A piece the car cannot take (a child seat on a scooter) is not offered.
      options: offer.supplier.equipment
        .map((piece) => ({
          kind: piece.kind,
          charge: piece.charge,
          amount: convert(piece.price),
          cap: piece.cap === null ? null : convert(piece.cap),
          max: maxEquipmentCount(piece.kind, rules.childSeatPlaces),
        }))
        .filter((option) => option.max > 0),
      chosen: price.equipment,
    },
    // Each line is converted on its own and the total once: the base line takes the rounding, so the lines add up.
    lines: { base: lines.base, extras: lines.extras },
    charges: { fees: lines.fees, tax: lines.tax },
    // Whether the driver's age changes the total: only a supplier with a young-driver fee prices it.
    priceDependsOnAge: youngDriverAge !== null,
    // The young-driver fee the supplier would add, while the driver's age is not known yet (decision 025).
    youngDriverUnknown:
      driverAge === null && youngDriverAge !== null
        ? youngDriverNote(offer, extras, price, youngDriverAge, convert)
        : null,
    total,
    pricePerDay: convert(price.pricePerDay),
    pricePerHour: price.pricePerHour === null ? null : convert(price.pricePerHour),
    deposit: convert(offer.car.deposit),
    // The car's excesses, and what the chosen cover (the included one with it) leaves: the worst case at the desk.
    excess: {
      car: { damage: convert(offer.car.damageExcess), theft: convert(offer.car.theftExcess) },
      remaining: convertExcess(remainingExcess(offer.car, extras), convert),
    },
    paymentOptions: rules.paymentModes.map((mode) => {
      const terms = paymentTerms(mode, price.total, offer.car.deposit);
      return {
        mode,
        online: onlineChargeOf(mode, price.total, offer.car.deposit, pricing.rate),
        atCounter: convert(terms.atCounter),
      };
    }),
    paymentMode:
      choice.paymentMode && rules.paymentModes.includes(choice.paymentMode)
        ? choice.paymentMode
        : (rules.paymentModes[0] ?? null),
    gateways: rules.gateways,
    // What the page does for each, from the registry: mount it in the page with JavaScript, or show our card form.
    embeddableGateways: rules.gateways.filter((name) => GATEWAYS[name].embeddable),
    cardFormGateways: rules.cardFormGateways,
    currency: pricing.currency,
    ratesAsOf: pricing.ratesAsOf,
    price,
  };
}

/**
 * What a young driver would pay more, with any tax the supplier adds: the same quote for a driver just under its
 * age, less this one (the "fee added" message names the same difference).
 */
function youngDriverNote(
  offer: CheckoutOffer,
  extras: Extra[],
  price: PriceBreakdown,
  underAge: number,
  convert: (cents: number) => number,
) {
  const more = quoteOffer(offer, extras, underAge - 1, price.equipment).price.total - price.total;
  return { underAge, dailyFee: convert(Math.round(more / price.days)), total: convert(more) };
}

export type CheckoutView = Omit<ReturnType<typeof checkoutView>, "price">;

export type BookingOutcome =
  { kind: "problem"; errors: Record<string, Message> } | Exclude<HeldPaymentOutcome, { kind: "problem" }>;

/**
 * Places the booking and starts its payment. Pay later is confirmed at once; an online payment holds the car as
 * an unpaid booking first (so nobody can take it while the driver pays), then asks the gateway. The sandbox
 * settles within this call: a declined card releases the hold at once and the form says 'Payment failed.'.
 */
export async function bookOffer(
  db: Parameters<typeof placeBooking>[0],
  /** What the valid form orders (checkout-form.ts), for this offer and driver. */
  input: CheckoutOrder & {
    offer: CheckoutOffer;
    signedInDriver: SignedInDriver | null;
    language: Language;
    display: { currency: Currency; rate: number };
    driverLicense?: string;
    origin: string;
    now: Date;
  },
): Promise<BookingOutcome> {
  const { offer, values } = input;
  // The young-driver fee by the driver's age on the pick-up day (the page showed it once the birth date was given).
  const { price, extras } = quoteOffer(
    offer,
    input.extras,
    driverAgeAt(offer, input.birthDates.driver),
    input.equipment,
    Math.max(1, input.birthDates.additionalDrivers.length),
  );
  const online = paysOnline(input.paymentMode);
  const gatewayName = online ? input.gateway : null;
  const driver: DriverDetails = input.signedInDriver
    ? {
        kind: "signedIn",
        userId: input.signedInDriver.id,
        phone: values.phone,
        birthDate: input.birthDates.driver,
        driverLicense: input.driverLicense,
      }
    : {
        kind: "visitor",
        fullName: values.fullName,
        email: values.email,
        phone: values.phone,
        birthDate: input.birthDates.driver,
        language: input.language,
        driverLicense: input.driverLicense,
      };
  const holdUntil = new Date(input.now.getTime() + getEnv().PAYMENT_HOLD_MINUTES * 60_000);
  // A pay-later booking's id names its confirmation page; an online one's, its payment attempt.
  const attemptId = newAttemptId(gatewayName ? GATEWAYS[gatewayName].attemptPrefix : "bk");
  const placed = await placeBooking(
    db,
    {
      offer,
      price,
      extras,
      paymentMode: input.paymentMode,
      gateway: gatewayName,
      display: input.display,
      driver,
      // Each added driver in the form's order (decision 038), with the birth date as checked.
      additionalDrivers: input.birthDates.additionalDrivers.map((birthDate, index) => {
        const [fullName, email, phone] = additionalDriverFields(ADDITIONAL_DRIVER_POSITIONS[index]!);
        return { fullName: values[fullName], email: values[email], phone: values[phone], birthDate };
      }),
      flightNumber: input.flightNumber,
      attemptId,
      holdUntil,
      now: input.now,
    },
    // In the booking's transaction: a pay-later booking's announcement, or an online one's payments row, written
    // before the gateway is called (decision 019).
    (tx, booking) =>
      gatewayName
        ? recordPaymentStart(tx, {
            bookingId: booking.id,
            gateway: gatewayName,
            attemptId,
            amount: booking.chargeAmount,
            currency: input.display.currency,
          }).then(() => undefined)
        : announceBooking(tx, booking.id, input.origin),
  );
  if (!placed.ok) {
    const field = placed.error === "errors.emailAlreadyRegistered" ? "email" : "";
    return { kind: "problem", errors: { [field]: { key: placed.error } } };
  }
  if (!gatewayName)
    return { kind: "confirmed", bookingId: placed.bookingId, driverId: placed.driverId, sessionId: attemptId };

  const outcome = await payForHeldBooking(db, {
    bookingId: placed.bookingId,
    driverId: placed.driverId,
    chargeAmount: placed.chargeAmount,
    attemptId,
    holdUntil,
    gatewayName,
    currency: input.display.currency,
    name: offer.car.name,
    description: paymentDescription(price, offer, placed.bookingId),
    customerEmail: input.signedInDriver?.email ?? values.email,
    language: input.language,
    origin: input.origin,
    embedded: values.embedded === "1",
    card: GATEWAYS[gatewayName].cardInOurForm
      ? { number: values.cardNumber, expiry: values.cardExpiry, cvc: values.cardCvc }
      : undefined,
    now: input.now,
  });
  return outcome.kind === "problem" ? { kind: "problem", errors: { "": { key: outcome.key } } } : outcome;
}

/** Spec §3 payment order description: the booking reference, the car's days and places. */
function paymentDescription(price: PriceBreakdown, offer: CheckoutOffer, bookingId: string): string {
  return `${bookingReference(bookingId)} · ${price.days} d · ${offer.pickup.name} → ${offer.dropoff.name}`;
}
