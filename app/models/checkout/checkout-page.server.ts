/**
 * The checkout page's server side (decision 010): what the page shows for a link (`loadCheckout`) and what a post
 * does (`submitCheckout`: re-price, check, and book or explain), each one call that returns the page's data or a
 * redirect, so the route only turns it into a response.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { routeTranslations } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/origin.server";
import { hitRateLimits, retryAfterHeaders, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { rememberBooking } from "~/utils/checkout-cookie.server";
import { readPostedForm, removeStoredUpload, storeLicense } from "~/utils/uploads.server";
import {
  bookHeldLicense,
  heldLicenseToken,
  holdBookedLicense,
  holdLicense,
  readHeldLicense,
  receivedFileName,
} from "./held-license.server";
import {
  bookOffer,
  checkoutRules,
  checkoutView,
  type CheckoutView,
  type SignedInDriver,
} from "./checkout-booking.server";
import type { SubmissionResult } from "@conform-to/react";
import type { FormConstraint } from "~/utils/form-constraints";
import type { Message } from "~/domain/form-errors";
import {
  checkoutConstraint,
  checkoutReply,
  equipmentMessage,
  postedEquipment,
  readCheckoutForm,
} from "./checkout-form";
import { driverAgeAt, resolveCheckout } from "./checkout-offer.server";
import {
  checkoutHref,
  readCheckoutLink,
  searchHrefFor,
  type CheckoutLink,
  signInHref,
} from "~/models/navigation/links";
import { isOneOf, PAYMENT_MODES, type Language } from "~/domain/enums";
import { ALL_EXTRAS } from "~/models/pricing/pricing";
import { confirmationPath } from "~/models/booking/booking";
import { formatMoney } from "~/domain/money";
import { findProfile } from "~/models/account/profile.server";
import { getVisitor, getVisitorPricing } from "~/models/account/visitor.server";
import { withPostedIntent } from "~/utils/form-intent";

type RequestContext = LoaderFunctionArgs["context"];

export type SignedInDriverView = {
  fullName: string;
  email: string;
  phone: string;
  birthDate: string;
  hasLicense: boolean;
} | null;

export type CheckoutPageState =
  | { kind: "problem"; problem: Message; searchHref: string }
  | {
      kind: "offer";
      link: CheckoutLink;
      view: CheckoutView;
      /** The form kit's answer to a post: what was typed (never the card) and what is wrong; null before one. */
      reply: SubmissionResult<string[]> | null;
      /** What the fields show before anything was posted: a signed-in driver's phone and birth date. */
      defaultValue: { phone: string; birthDate: string };
      constraint: FormConstraint;
      signInHref: string;
      /** Tells one answer to a post from the next (the card fields are emptied after each). */
      attemptKey: number;
      /** A licence received with an earlier post of this attempt, kept for the next "Book" (held-license.server.ts). */
      heldLicense: { token: string; fileName: string } | null;
    }
  | { kind: "embedded"; clientSecret: string; publishableKey: string; scriptUrl: string | null; sessionId: string };

export interface CheckoutPageData {
  title: string;
  translations: Awaited<ReturnType<typeof routeTranslations>>["translations"];
  signedInDriver: SignedInDriverView;
  sandboxBanner: boolean;
  state: CheckoutPageState;
}

/** The page to show (with its status and headers), or where the driver goes next (booked, or to the gateway). */
export type CheckoutOutcome =
  | { kind: "page"; status: number; headers?: HeadersInit; data: CheckoutPageData }
  | { kind: "redirect"; url: string; status: 302 | 303; setCookie: string };

async function pageContext(request: Request, context: RequestContext) {
  const visitor = await getVisitor(request, context);
  const db = await getDb();
  const profile = visitor.user ? await findProfile(db, visitor.user.id) : null;
  const signedInDriver: SignedInDriver | null =
    visitor.user && profile
      ? {
          id: visitor.user.id,
          fullName: profile.fullName,
          email: profile.email,
          phone: profile.phone,
          birthDate: profile.birthDate,
          driverLicense: profile.driverLicense,
        }
      : null;
  const { t, translations } = await routeTranslations(visitor.language, "checkout");
  /** The page's data: titled after the car once there is an offer. */
  const page = (state: CheckoutPageState, extra: { car?: string; sandboxBanner?: boolean } = {}): CheckoutPageData => ({
    title: extra.car ? t("titleFor", { car: extra.car }) : t("title"),
    translations,
    signedInDriver: signedInDriverView(signedInDriver),
    sandboxBanner: extra.sandboxBanner ?? false,
    state,
  });
  return { db, language: visitor.language, signedInDriver, page };
}

const signedInDriverView = (signedInDriver: SignedInDriver | null): SignedInDriverView =>
  signedInDriver && {
    fullName: signedInDriver.fullName,
    email: signedInDriver.email,
    phone: signedInDriver.phone ?? "",
    birthDate: signedInDriver.birthDate ?? "",
    hasLicense: Boolean(signedInDriver.driverLicense),
  };

/** The view without the server's price breakdown (the page shows the view's lines; the breakdown stays here). */
function withoutPrice(view: ReturnType<typeof checkoutView>): CheckoutView {
  const { price: _price, ...shown } = view;
  return shown;
}

const signInHrefFor = (link: CheckoutLink, choices: Parameters<typeof checkoutHref>[1]) =>
  signInHref(checkoutHref(link, choices));

/**
 * Why the total moved: the young-driver fee the driver's birth date brought in (the page showed it as conditional and
 * the total without it), or a change of rates or options.
 */
function priceChangeMessage(
  view: CheckoutView,
  shown: { total: string; language: Language },
  withoutAge: () => CheckoutView,
): Message {
  if (view.charges.fees.youngDriver > 0) {
    const before = withoutAge().total;
    if (String(before) === shown.total) {
      const money = (minor: number) => formatMoney(minor, view.currency, shown.language);
      const fee = view.charges.fees.youngDriver;
      const added = view.total - before;
      // The fee as the breakdown shows it; with the tax the supplier adds on top, the whole difference as well.
      return added === fee
        ? { key: "checkout:problems.youngDriverFeeAdded", params: { amount: money(fee) } }
        : { key: "checkout:problems.youngDriverFeeAddedWithTax", params: { fee: money(fee), amount: money(added) } };
    }
  }
  return { key: "checkout:problems.priceChanged" };
}

const problemPage = (status: number, data: CheckoutPageData): CheckoutOutcome => ({ kind: "page", status, data });

/** GET /checkout: the offer of the link, priced for the visitor, or why it cannot be booked. */
export async function loadCheckout(request: Request, context: RequestContext): Promise<CheckoutOutcome> {
  const { db, language, signedInDriver, page } = await pageContext(request, context);
  const query = new URL(request.url).searchParams;
  const link = readCheckoutLink(query);
  const resolved = await resolveCheckout(db, link, { language, now: new Date() });
  if (!resolved.ok)
    return problemPage(409, page({ kind: "problem", problem: resolved.problem, searchHref: searchHrefFor(link) }));
  const pricing = await getVisitorPricing(request, context);
  // Equipment a link names (a failed payment's retry, a sign-in's return) is kept when the car can still take it.
  const linked = postedEquipment(Object.fromEntries(query));
  const now = new Date();
  const rules = checkoutRules(resolved.offer, { signedIn: Boolean(signedInDriver), language }, now);
  const view = checkoutView(
    resolved.offer,
    {
      extras: query.getAll("extra").filter((extra) => isOneOf(ALL_EXTRAS, extra)),
      equipment: equipmentMessage(linked, rules) ? {} : linked.counts,
      paymentMode: PAYMENT_MODES.find((mode) => mode === query.get("payment")) ?? null,
      // A signed-in driver's age is known: their young-driver fee is in the first total they see.
      driverAge: driverAgeAt(resolved.offer, signedInDriver?.birthDate ?? null),
    },
    pricing,
  );
  const state: CheckoutPageState = {
    kind: "offer",
    link,
    view: withoutPrice(view),
    reply: null,
    defaultValue: { phone: signedInDriver?.phone ?? "", birthDate: signedInDriver?.birthDate ?? "" },
    constraint: checkoutConstraint({ signedIn: Boolean(signedInDriver), flight: resolved.offer.flight }),
    signInHref: signInHrefFor(link, {
      extras: view.extras.chosen,
      equipment: view.equipment.chosen,
      paymentMode: view.paymentMode ?? undefined,
    }),
    attemptKey: 0,
    heldLicense: null,
  };
  return {
    kind: "page",
    status: 200,
    data: page(state, { car: resolved.offer.car.name, sandboxBanner: view.gateways.includes("sandbox") }),
  };
}

const uploadSizeParams = () => ({ size: Math.floor(getEnv().UPLOAD_MAX_BYTES / 104857.6) / 10 });

/**
 * POST /checkout: "Update total" (a quote) or "Book". Everything is checked again on the server: the offer and its
 * price, the form, that the page's total is the one charged, the rate limit, the licence; then the booking is
 * placed, and the driver goes to the confirmation, to the gateway, or sees the embedded payment.
 */
export async function submitCheckout(request: Request, context: RequestContext): Promise<CheckoutOutcome> {
  const { db, language, signedInDriver, page } = await pageContext(request, context);
  const posted = await readPostedForm(request);
  const formData = typeof posted === "string" ? posted : withPostedIntent(posted);
  if (typeof formData === "string") {
    // The licence upload was over the size cap or unreadable: nothing else could be read from the post.
    const problem = { key: formData, params: uploadSizeParams() };
    return problemPage(
      formData === "validation.fileTooLarge" ? 413 : 400,
      page({ kind: "problem", problem, searchHref: "/" }),
    );
  }
  const link = readCheckoutLink(formData);
  const now = new Date();
  const resolved = await resolveCheckout(db, link, { language, now });
  if (!resolved.ok)
    return problemPage(409, page({ kind: "problem", problem: resolved.problem, searchHref: searchHrefFor(link) }));
  const { offer } = resolved;
  const rules = checkoutRules(offer, { signedIn: Boolean(signedInDriver), language }, now);
  const { submission, values, choices } = readCheckoutForm(formData, rules);
  const pricing = await getVisitorPricing(request, context);
  const choice = {
    extras: choices.extras,
    equipment: choices.equipment,
    paymentMode: choices.paymentMode,
    additionalDrivers: choices.additionalDrivers,
  };
  const driverAge = driverAgeAt(offer, choices.priceBirthDate ?? signedInDriver?.birthDate ?? null);
  const view = checkoutView(offer, { ...choice, driverAge }, pricing, { now });
  const needsLicense = offer.supplier.licenseRequired && !signedInDriver?.driverLicense;
  const licenseFile = formData.get("license");
  const newLicense = needsLicense && licenseFile instanceof Blob && licenseFile.size > 0 ? licenseFile : null;
  let held = needsLicense ? readHeldLicense(formData.get("heldLicense")) : null;
  /** The form again, with what was typed (never the card), the schema's problems and `more`. */
  const form = (status: number, more: Record<string, Message> = {}, headers?: HeadersInit): CheckoutOutcome => ({
    kind: "page",
    status,
    headers,
    data: page(
      {
        kind: "offer",
        link,
        view: withoutPrice(view),
        reply: checkoutReply(submission, more),
        defaultValue: { phone: "", birthDate: "" },
        constraint: checkoutConstraint(rules),
        signInHref: signInHrefFor(link, {
          extras: choices.extras,
          equipment: choices.equipment,
          paymentMode: choices.paymentMode ?? undefined,
        }),
        attemptKey: now.getTime(),
        heldLicense: held ? { token: heldLicenseToken(held), fileName: held.fileName } : null,
      },
      { car: offer.car.name, sandboxBanner: view.gateways.includes("sandbox") },
    ),
  });
  /**
   * The form again after a post that books nothing: a licence sent with it is checked and kept for the attempt (a
   * page without JavaScript comes back with an empty file field), or its problem named on the field.
   */
  const showAgain = async (status: number, more: Record<string, Message> = {}) => {
    if (newLicense && !(await hitRateLimits([[RATE_LIMITS.checkoutPerIp, context.clientIp]]))) {
      const kept = await holdLicense(newLicense, held);
      if (kept.ok) held = kept.held;
      else more = { ...more, license: { key: kept.error, params: uploadSizeParams() } };
    }
    return form(more.license && status < 400 ? 400 : status, more);
  };
  if (values.intent === "quote") return showAgain(submission.status === "success" ? 200 : 400);

  const more: Record<string, Message> = {};
  if (needsLicense && !newLicense && !held) more.license = { key: "validation.licenseRequired" };
  // The page the driver saw must be the page they pay: a price that moved meanwhile (rates, a hand-edited form) is shown again first.
  const shownChanged =
    values.shownTotal !== String(view.total) ||
    values.shownDeposit !== String(view.deposit) ||
    values.shownCurrency !== view.currency;
  if (shownChanged)
    more[""] = priceChangeMessage(view, { total: values.shownTotal, language }, () =>
      checkoutView(offer, choice, pricing, { now }),
    );
  const order = submission.status === "success" ? submission.value : null;
  if (!order || Object.keys(more).length) return showAgain(400, more);

  const refused = await hitRateLimits([[RATE_LIMITS.checkoutPerIp, context.clientIp]]);
  if (refused) return form(429, { "": tooManyAttemptsMessage(refused) }, retryAfterHeaders(refused));
  let driverLicense: string | undefined;
  if (newLicense) {
    const stored = await storeLicense(newLicense);
    if (!stored.ok) return form(400, { license: { key: stored.error, params: uploadSizeParams() } });
    driverLicense = stored.name;
    if (held) await removeStoredUpload("heldLicense", held.name);
    held = { name: stored.name, fileName: receivedFileName(newLicense) };
  } else if (held) {
    driverLicense = (await bookHeldLicense(held)) ?? undefined;
    // Kept too long (or purged): asked for again.
    if (!driverLicense) {
      held = null;
      return form(400, { license: { key: "validation.licenseRequired" } });
    }
  }
  const outcome = await bookOffer(db, {
    ...order,
    offer,
    signedInDriver,
    language,
    display: { currency: pricing.currency, rate: pricing.rate },
    driverLicense,
    origin: publicOrigin(request),
    now,
  });
  if (outcome.kind === "problem") {
    // Not booked (the car taken, a declined card): the licence is held for the driver's next try.
    held = driverLicense && held ? await holdBookedLicense(db, driverLicense, held.fileName) : null;
    return form(outcome.errors[""]?.key === "checkout:problems.carUnavailable" ? 409 : 400, outcome.errors);
  }
  const setCookie = await rememberBooking(request, outcome);
  if (outcome.kind === "confirmed")
    return { kind: "redirect", url: confirmationPath(order.paymentMode, outcome.sessionId), status: 302, setCookie };
  if (outcome.kind === "redirect") return { kind: "redirect", url: outcome.url, status: 303, setCookie };
  // Stripe's embedded form, on this page (with JavaScript; the hosted page was the redirect above).
  const { clientSecret, publishableKey, scriptUrl, sessionId } = outcome;
  return {
    kind: "page",
    status: 200,
    headers: { "Set-Cookie": setCookie },
    data: page({ kind: "embedded", clientSecret, publishableKey, scriptUrl, sessionId }, { car: offer.car.name }),
  };
}
