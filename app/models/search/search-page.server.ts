/**
 * Everything the search form and the results page need, in one place so both routes stay thin.
 * Amounts leave here already converted to the display currency (minor units).
 */
import { MAX_FLIGHT_GRACE_MINUTES } from "~/domain/flight";
import type { DeskClock } from "~/domain/desk-times";
import { type Language } from "~/domain/enums";
import type { Executor } from "~/utils/db.server";
import type { Message } from "~/domain/form-errors";
import type { DisplayPricing } from "~/utils/currency.server";
import { searchCars, type CarOffer } from "./cars.server";
import {
  availablePlaces,
  placeDesks,
  placeSubtree,
  rentalDeskCheck,
  nearestOpenDesk,
  type PlaceOption,
} from "~/models/catalogue/places.server";
import { catalogOf } from "~/models/catalogue/catalog.server";
import { convertMinorUnits } from "~/domain/money";
import { ALL_EXTRAS, chargesView, describeExtra, EXTRA_UNAVAILABLE } from "~/models/pricing/pricing";
import { convertExcess, extraSale, isProtectionExtra, remainingExcess, zeroExcessCover } from "~/models/pricing/cover";
import {
  checkRentalPeriod,
  defaultPeriod,
  instantToLocalDateTime,
  localDateTimeToInstant,
  type PeriodProblem,
} from "~/domain/rental-period";
import { freeCancellationOpen, offerCancellation } from "~/models/booking/cancellation-terms";
import { CARS_PAGE_SIZE, DEPOSIT_THRESHOLDS, returnsToSameLocation, searchQuery, type SearchParams } from "./search";
import { parseSearchParams } from "./search-params";
import { findPlace, PLACE_SELECT_LIMIT, placesToMark, type PlaceLookup } from "./place-finder";

const placesFor = (db: Executor, language: Language) => catalogOf(db).places(language);

/** The place searched when none is named: the one nearest the default map centre (spec §9: 36.8065, 10.1815). */
export const MAP_CENTER: [number, number] = [36.8065, 10.1815];
export const MAP_ZOOM = 12;

export type FieldError = Message;
export type SearchFormErrors = Partial<Record<"pickup" | "dropoff" | "from" | "to", FieldError>>;

export interface SearchFormState {
  pickup: string;
  dropoff: string;
  /** What a name field shows (a large network asks for a name, not a choice): the place's name or the text typed. */
  pickupText: string;
  dropoffText: string;
  sameLocation: boolean;
  from: string;
  to: string;
  /**
   * The chosen places' desks, to list the times they are open (decision 036); the drop-off's is the pick-up's on a
   * return to the same place. A large network's name fields have no list of places to look them up in.
   */
  clocks: { pickup: DeskClock | null; dropoff: DeskClock | null };
  /** How long after an airport desk closes the most patient supplier meets a late flight: the late times listed. */
  lateFlightMinutes: number;
}

function nearestToCenter(places: PlaceOption[]): PlaceOption | undefined {
  const distance = (place: PlaceOption) =>
    (place.latitude - MAP_CENTER[0]) ** 2 + (place.longitude - MAP_CENTER[1]) ** 2;
  return [...places].filter((place) => place.carCount > 0).sort((a, b) => distance(a) - distance(b))[0];
}

/** What the place selects need; the home page's map also needs coordinates and counts. */
type PlaceBasics = Pick<PlaceOption, "slug" | "name" | "countryCode" | "countryName" | "parentSlug">;
/** A place in a select, with its desk's clock: the form lists the times it is open when it is chosen. */
export type PlaceForForm = PlaceBasics & { clock: DeskClock };
export type PlaceForMap = PlaceBasics & Pick<PlaceOption, "latitude" | "longitude" | "carCount">;
export type PlaceChoice = Pick<PlaceOption, "slug" | "name" | "countryName">;

/** A select lists every place; past PLACE_SELECT_LIMIT the form asks for a name, and sends no list at all. */
export type PlaceInput = "select" | "search";

const basics = ({ slug, name, countryCode, countryName, parentSlug }: PlaceOption): PlaceBasics => ({
  slug,
  name,
  countryCode,
  countryName,
  parentSlug,
});

/** What the form needs of a place's desk to list its times. */
export const clockOf = (place: PlaceOption): DeskClock => ({
  hours: place.desk?.hours ?? null,
  timeZone: place.timeZone,
  airport: place.airport,
});

const formFields = (place: PlaceOption): PlaceForForm => ({ ...basics(place), clock: clockOf(place) });

/** The longest a supplier at an airport waits for a late flight after its desk closes: the form lists those times. */
export const lateFlightMinutesOf = (suppliers: ReadonlyArray<{ lateFlightMinutes: number }>) =>
  Math.min(MAX_FLIGHT_GRACE_MINUTES, Math.max(0, ...suppliers.map((supplier) => supplier.lateFlightMinutes)));

/** The places a driver can choose (those with cars, themselves or below them) and how many there are. */
export function placesForForm(
  places: PlaceOption[],
  available = availablePlaces(places),
): { options: PlaceForForm[]; availableCount: number; input: PlaceInput } {
  const input: PlaceInput = available.length > PLACE_SELECT_LIMIT ? "search" : "select";
  return { options: input === "select" ? available.map(formFields) : [], availableCount: available.length, input };
}

/** The same with what the map needs: every place of a small network, the busiest of a large one. */
export function placesForMap(places: PlaceOption[]): {
  options: PlaceForForm[];
  markers: PlaceForMap[];
  availableCount: number;
  input: PlaceInput;
} {
  const available = availablePlaces(places);
  const markers = placesToMark(available).map((place) => ({
    ...basics(place),
    latitude: place.latitude,
    longitude: place.longitude,
    carCount: place.carCount,
  }));
  return { ...placesForForm(places, available), markers };
}

/** The place a form value names: any place by its slug, else a place with cars by its name (place-finder.ts). */
export function lookUpPlace(places: PlaceOption[], value: string): PlaceLookup<PlaceOption> {
  const bySlug = places.find((place) => place.slug === value);
  return bySlug ? { place: bySlug } : findPlace(availablePlaces(places), value);
}

const choicesOf = (lookup: PlaceLookup<PlaceOption> | undefined): PlaceChoice[] =>
  lookup && "choices" in lookup
    ? lookup.choices.map(({ slug, name, countryName }) => ({ slug, name, countryName }))
    : [];

function placeError(lookup: PlaceLookup<PlaceOption>, text: string): FieldError {
  return "choices" in lookup
    ? { key: "validation.placeAmbiguous", params: { text } }
    : { key: "validation.unknownLocation" };
}

export function convertOffer(
  offer: CarOffer,
  pricing: DisplayPricing,
  rental: { from: Date; timeZone: string; oneWay: boolean; now: Date },
) {
  const convert = (cents: number) => convertMinorUnits(cents, pricing.rate);
  const cancellationOpen = freeCancellationOpen(rental.from, rental.now);
  const terms = offerCancellation(
    { cancellation: offer.extras.cancellation, payLater: offer.supplier.payLater, startsAt: rental.from },
    rental.now,
  );
  return {
    ...offer,
    // The deadline on the pick-up place's clock, as the counter keeps it.
    cancellation:
      "deadline" in terms
        ? { kind: terms.kind, deadline: instantToLocalDateTime(terms.deadline, rental.timeZone) }
        : { kind: terms.kind, deadline: null },
    deposit: convert(offer.deposit),
    // What the driver owes at most if the car is damaged or stolen, with the cover it includes (decision 030).
    excess: convertExcess(remainingExcess({ ...offer.extras, ...offer }, []), convert),
    // Described here, so the pricing module stays on the server: included, unavailable, or a converted price; a
    // protection extra with the excesses it leaves. As the checkout sells them (`extraSale`): the Cancellation option
    // unavailable within 24 hours of the pick-up, a protection that would reduce nothing left out.
    extras: ALL_EXTRAS.flatMap((extra) => {
      const sale = extraSale({ ...offer.extras, ...offer }, extra, cancellationOpen);
      if (sale === "coversNothing") return [];
      const { kind, amount } = describeExtra(extra, sale === "unavailable" ? EXTRA_UNAVAILABLE : offer.extras[extra]);
      return [{ extra, kind, amount: convert(amount), protection: isProtectionExtra(extra) }];
    }),
    price: {
      days: offer.price.days,
      // Billed by the hour (decision 037): the hours, and the total per hour; null when by the day.
      hours: offer.price.hours,
      total: convert(offer.price.total),
      pricePerDay: convert(offer.price.pricePerDay),
      pricePerHour: offer.price.pricePerHour === null ? null : convert(offer.price.pricePerHour),
    },
    // The total with the cheapest cover that leaves no excess, as the results ranked it (null: the car has none).
    zeroExcess:
      offer.coveredPrice === null
        ? null
        : {
            total: convert(offer.coveredPrice.total),
            extras: zeroExcessCover({ ...offer.extras, ...offer })?.extras ?? [],
          },
    // What the total includes (decision 025): the supplier's tax, its one-way fee on a one-way search, and the
    // young-driver fee it would add (a search does not know the driver's age).
    charges: chargesView(offer.supplier.charges, { oneWay: rental.oneWay, convert }),
  };
}

export type DisplayedOffer = ReturnType<typeof convertOffer>;

export async function loadSearch(
  db: Executor,
  options: { query: URLSearchParams; language: Language; pricing: DisplayPricing; now: Date },
) {
  const params = parseSearchParams(options.query);
  const [places, settings, suppliers] = await Promise.all([
    placesFor(db, options.language),
    catalogOf(db).settings(),
    catalogOf(db).suppliers(),
  ]);
  const errors: SearchFormErrors = {};
  const pickupLookup = params.pickup ? lookUpPlace(places, params.pickup) : undefined;
  const pickup = pickupLookup ? ("place" in pickupLookup ? pickupLookup.place : undefined) : nearestToCenter(places);
  if (!pickup)
    errors.pickup = pickupLookup
      ? placeError(pickupLookup, params.pickup ?? "")
      : { key: "validation.unknownLocation" };
  const sameLocation = returnsToSameLocation(params);
  const dropoffLookup = sameLocation ? undefined : lookUpPlace(places, params.dropoff ?? "");
  const dropoff = sameLocation ? pickup : dropoffLookup && "place" in dropoffLookup ? dropoffLookup.place : undefined;
  if (!sameLocation && !dropoff) errors.dropoff = placeError(dropoffLookup!, params.dropoff ?? "");

  const zone = pickup?.timeZone ?? "UTC";
  // The default period only when the query lacks a date: working it out formats dates in the place's zone.
  let defaults: ReturnType<typeof defaultPeriod> | undefined;
  const byDefault = () => (defaults ??= defaultPeriod(options.now, zone));
  const fromText = params.from ?? byDefault().from;
  const toText = params.to ?? byDefault().to;
  const from = localDateTimeToInstant(fromText, zone);
  const to = localDateTimeToInstant(toText, zone);
  if (!from) errors.from = { key: "validation.invalidDate" };
  if (!to) errors.to = { key: "validation.invalidDate" };
  let afterClosing: ReturnType<typeof rentalDeskCheck>["afterClosing"] = null;
  let openNearby: ReturnType<typeof nearestOpenDesk> = null;
  if (from && to) {
    for (const problem of checkRentalPeriod(from, to, options.now, settings, zone)) {
      errors[problem.field] ??= problemToError(problem);
    }
    // Then the desks' hours (decision 024): a time the desk is closed is refused, naming its hours that day.
    // An airport desk closed by then is not refused: the suppliers that wait for late flights are shown (decision 031).
    const desks = rentalDeskCheck(pickup, dropoff, from, to, options.language);
    for (const problem of desks.problems) {
      errors[problem.field] ??= { key: problem.key, params: problem.params };
    }
    afterClosing = desks.afterClosing;
    // The pick-up desk is closed then: the nearest desk of the same area open then, with a one-click search there.
    if (pickup && desks.problems.some((problem) => problem.field === "from"))
      openNearby = nearestOpenDesk(places, pickup, sameLocation ? undefined : dropoff, from, to, options.language);
  }

  const form: SearchFormState = {
    pickup: pickup?.slug ?? params.pickup ?? "",
    dropoff: sameLocation ? "" : (dropoff?.slug ?? params.dropoff ?? ""),
    pickupText: pickup?.name ?? params.pickup ?? "",
    dropoffText: sameLocation ? "" : (dropoff?.name ?? params.dropoff ?? ""),
    sameLocation,
    // datetime-local inputs take minutes: a valid date given with seconds is shown and linked without them.
    from: from ? fromText.slice(0, 16) : fromText,
    to: to ? toText.slice(0, 16) : toText,
    clocks: {
      pickup: pickup ? clockOf(pickup) : null,
      dropoff: sameLocation ? (pickup ? clockOf(pickup) : null) : dropoff ? clockOf(dropoff) : null,
    },
    lateFlightMinutes: lateFlightMinutesOf(suppliers),
  };
  const valid = Object.keys(errors).length === 0 && pickup && from && to;
  let results: { offers: DisplayedOffer[]; total: number; more: boolean; days: number; pages: number } | null = null;
  if (valid) {
    // From the catalogue this request already holds: the search itself is then one statement.
    const supplierIds = suppliers
      .filter((supplier) => params.supplier.includes(supplier.slug))
      .map((supplier) => supplier.id);
    // The desk kinds asked for keep only the places of the area whose desk is such (an airport's terminal, its shuttle).
    const kinds = params.desk;
    const placeIds = placeSubtree(places, pickup).filter(
      (id) => kinds.length === 0 || kinds.some((kind) => kind === places.find((place) => place.id === id)?.desk?.kind),
    );
    // The same rule as checkout's (`isOneWay`): another place, whatever way its name was typed.
    const oneWay = !sameLocation && dropoff !== undefined && dropoff.id !== pickup.id;
    const found = await searchCars(db, {
      pickup,
      from,
      to,
      filters: params,
      sort: params.sort,
      page: params.page,
      supplierIds,
      placeIds,
      oneWay,
      now: options.now,
      displayRate: options.pricing.rate,
      afterClosingMinutes: afterClosing?.minutes ?? null,
    });
    const rental = { from, timeZone: pickup.timeZone, oneWay, now: options.now };
    results = {
      offers: found.offers.map((offer) => convertOffer(offer, options.pricing, rental)),
      total: found.total,
      // A lower bound (a dense place, cheapest first): one page more than this one reaches stays linked.
      more: found.more,
      days: found.days,
      pages: found.more
        ? Math.max(Math.ceil(found.total / CARS_PAGE_SIZE), params.page) + 1
        : Math.max(1, Math.ceil(found.total / CARS_PAGE_SIZE)),
    };
  }
  return {
    params: normalizedParams(params, form),
    form,
    errors,
    // A valid search shows a summary with a link back to the form: only a page that shows the form lists the places
    // (a large network has thousands, twice over without JavaScript).
    places: valid ? null : placesForForm(places),
    // 'Did you mean': the places a typed name could be, each a link to the same search there.
    choices: { pickup: choicesOf(pickupLookup), dropoff: choicesOf(dropoffLookup) },
    pickupName: pickup?.name ?? null,
    dropoffName: dropoff?.name ?? null,
    // The desk of the chosen place (and of the drop-off, when another), each with its role and the local time the car
    // is collected or returned there, for the results page's one-line desks (decision 024).
    deskStops: valid
      ? [
          { role: "pickup" as const, place: pickup, at: form.from },
          {
            role: "dropoff" as const,
            place: sameLocation || dropoff?.id === pickup.id ? undefined : dropoff,
            at: form.to,
          },
        ].flatMap(({ role, place, at }) => {
          const [desk] = placeDesks(place);
          return desk ? [{ role, desk, at }] : [];
        })
      : [],
    suppliers: suppliers.map(({ slug, name }) => ({ slug, name })),
    // The pick-up is after the airport desk closes: the page says only late-flight suppliers are shown, and why.
    afterClosing:
      valid && afterClosing
        ? { place: afterClosing.problem.params.place, hours: afterClosing.problem.params.hours }
        : null,
    results,
    openNearby: openNearby && {
      name: openNearby.place.name,
      hours: openNearby.hours,
      roundTheClock: openNearby.hours === "00:00–24:00",
      href: `/search?${searchQuery(
        {
          ...normalizedParams(params, form),
          pickup: openNearby.place.slug,
          dropoff: sameLocation ? undefined : params.dropoff,
        },
        { page: 1 },
      )}`,
    },
    // Round amounts in the currency shown (the search compares them converted to the base currency).
    depositThresholds: DEPOSIT_THRESHOLDS.map((units) => ({ units, display: units * 100 })),
  };
}

/** The params as the page links them: with the place and dates actually used. */
function normalizedParams(params: SearchParams, form: SearchFormState): SearchParams {
  return {
    ...params,
    pickup: form.pickup || undefined,
    dropoff: form.sameLocation ? undefined : form.dropoff || undefined,
    same: form.sameLocation ? "on" : undefined,
    from: form.from,
    to: form.to,
  };
}

function problemToError(problem: PeriodProblem): FieldError {
  return "params" in problem ? { key: problem.key, params: problem.params } : { key: problem.key };
}

/**
 * The home page's form: every available place, and the search the query carries ('Change search' on a results
 * page), else default dates at the default place. Unknown places and malformed dates fall back to the defaults.
 */
export async function loadSearchForm(
  db: Executor,
  options: { language: Language; now: Date; query?: URLSearchParams },
) {
  const [places, suppliers] = await Promise.all([placesFor(db, options.language), catalogOf(db).suppliers()]);
  const params = parseSearchParams(options.query ?? new URLSearchParams());
  const found = (value: string | undefined) => {
    const lookup = value ? lookUpPlace(places, value) : undefined;
    return lookup && "place" in lookup ? lookup.place : undefined;
  };
  const pickup = found(params.pickup) ?? nearestToCenter(places);
  const sameLocation = returnsToSameLocation(params);
  const dropoff = sameLocation ? undefined : found(params.dropoff);
  const zone = pickup?.timeZone ?? "UTC";
  const period = defaultPeriod(options.now, zone);
  const given = (text: string | undefined) =>
    text && localDateTimeToInstant(text, zone) ? text.slice(0, 16) : undefined;
  const form: SearchFormState = {
    pickup: pickup?.slug ?? "",
    dropoff: dropoff?.slug ?? "",
    pickupText: pickup?.name ?? "",
    dropoffText: dropoff?.name ?? "",
    sameLocation: sameLocation || !dropoff,
    from: given(params.from) ?? period.from,
    to: given(params.to) ?? period.to,
    clocks: {
      pickup: pickup ? clockOf(pickup) : null,
      dropoff: dropoff ? clockOf(dropoff) : pickup ? clockOf(pickup) : null,
    },
    lateFlightMinutes: lateFlightMinutesOf(suppliers),
  };
  return { form, places: placesForMap(places), allPlaces: places };
}
