/**
 * The checkout form's one schema (server side: the browser checks the same rules through native constraints, so
 * zod never ships to it). Which fields are required depends on the offer and the driver — a visitor gives their
 * details, a signed-in driver only confirms phone and birth date, the additional-driver extra asks for the second
 * driver, the sandbox's card fields matter only for an online payment — so the schema is built per request.
 * Messages are translation keys with parameters (spec §5's wording).
 */
import { z } from "zod";
import type { Message } from "~/utils/form-errors";
import type { Extra, PaymentGateway, PaymentMode } from "./enums";
import { ageOn, PHONE_PATTERN } from "./account-forms";
import { paysOnline } from "./booking";
import { isValidCardCvc, isValidCardExpiry, isValidCardNumber } from "./card";
import { isCalendarDay } from "./rental-period";
import { withoutControlCharacters } from "./text";

export type FieldMessage = Message;

export interface CheckoutRules {
  signedIn: boolean;
  /** The driver's minimum age: spec §9's 21, or the car's own when higher. */
  minimumAge: number;
  optionalExtras: readonly Extra[];
  includedExtras: readonly Extra[];
  paymentModes: readonly PaymentMode[];
  gateways: readonly PaymentGateway[];
  now: Date;
}

export const CARD_FIELDS = ["cardNumber", "cardExpiry", "cardCvc"] as const;

const text = (max: number) => z.string().transform(withoutControlCharacters).pipe(z.string().trim().max(max)).optional().default("");

/** What the form posts, read leniently (every field a string, extras a list) before the rules are applied. */
const rawCheckout = z.object({
  intent: z.enum(["book", "quote"]).catch("quote"),
  extra: z.array(z.string().max(40)).max(12).default([]),
  paymentMode: text(20),
  gateway: text(20),
  fullName: text(120),
  email: text(254),
  phone: text(40),
  birthDate: text(10),
  acceptTerms: text(3),
  additionalFullName: text(120),
  additionalEmail: text(254),
  additionalPhone: text(40),
  additionalBirthDate: text(10),
  cardNumber: text(30),
  cardExpiry: text(7),
  cardCvc: text(4),
  shownTotal: text(20),
  shownDeposit: text(20),
  shownCurrency: text(3),
  embedded: text(1),
});

export type CheckoutValues = z.output<typeof rawCheckout>;

export function readCheckoutForm(formData: FormData): CheckoutValues {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(rawCheckout.shape)) {
    raw[key] = key === "extra" ? formData.getAll(key).map(String) : (formData.get(key) ?? undefined);
    if (raw[key] instanceof File) raw[key] = undefined;
  }
  const parsed = rawCheckout.safeParse(raw);
  // A value over its length is treated as not given: the rules below then name the field.
  return parsed.success ? parsed.data : rawCheckout.parse({ intent: raw.intent === "book" ? "book" : "quote" });
}

const EMAIL = z.string().email();
const required = { key: "validation.required" };

function birthDateProblem(value: string, minimumAge: number, now: Date): FieldMessage | null {
  if (!value) return required;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) return { key: "validation.invalidBirthDate" };
  const age = ageOn(value, now);
  if (age > 120) return { key: "validation.invalidBirthDate" };
  return age < minimumAge ? { key: "validation.minimumAge", params: { age: minimumAge } } : null;
}

function phoneProblem(value: string): FieldMessage | null {
  if (!value) return required;
  return PHONE_PATTERN.test(value) && value.replace(/\D/g, "").length >= 6 ? null : { key: "validation.invalidPhone" };
}

function emailProblem(value: string): FieldMessage | null {
  if (!value) return required;
  return EMAIL.safeParse(value).success ? null : { key: "validation.invalidEmail" };
}

/**
 * The choices (extras, payment option, gateway) as far as they are valid — a quote uses them even when the
 * driver's details are still incomplete — and every problem by field name.
 */
export function checkCheckoutForm(values: CheckoutValues, rules: CheckoutRules) {
  const errors: Record<string, FieldMessage> = {};
  const offered = new Set<string>([...rules.optionalExtras, ...rules.includedExtras]);
  const unknownExtra = values.extra.find((extra) => !offered.has(extra));
  // An extra the supplier does not sell (posted by hand): refused, never priced.
  if (unknownExtra) errors.extras = { key: "checkout:problems.extraUnavailable" };
  const extras = [...new Set(values.extra.filter((extra): extra is Extra => offered.has(extra)))];

  const paymentMode = (rules.paymentModes as readonly string[]).includes(values.paymentMode) ? (values.paymentMode as PaymentMode) : null;
  if (!paymentMode) errors.paymentMode = { key: "checkout:problems.choosePayment" };
  const gateway = (rules.gateways as readonly string[]).includes(values.gateway) ? (values.gateway as PaymentGateway) : (rules.gateways[0] ?? null);
  const online = paymentMode !== null && paysOnline(paymentMode);
  if (values.intent === "quote") return { extras, paymentMode, gateway, errors };

  const set = (field: string, problem: FieldMessage | null) => {
    if (problem) errors[field] ??= problem;
  };
  if (!rules.signedIn) {
    set("fullName", values.fullName ? null : required);
    set("email", emailProblem(values.email));
    set("acceptTerms", values.acceptTerms === "on" ? null : { key: "validation.acceptTerms" });
  }
  set("phone", phoneProblem(values.phone));
  set("birthDate", birthDateProblem(values.birthDate, rules.minimumAge, rules.now));
  if (extras.includes("additionalDriver")) {
    set("additionalFullName", values.additionalFullName ? null : required);
    set("additionalEmail", emailProblem(values.additionalEmail));
    set("additionalPhone", phoneProblem(values.additionalPhone));
    set("additionalBirthDate", birthDateProblem(values.additionalBirthDate, rules.minimumAge, rules.now));
  }
  if (online && gateway === "sandbox") {
    set("cardNumber", isValidCardNumber(values.cardNumber) ? null : { key: "validation.invalidCardNumber" });
    set("cardExpiry", isValidCardExpiry(values.cardExpiry, rules.now) ? null : { key: "validation.invalidCardExpiry" });
    set("cardCvc", isValidCardCvc(values.cardCvc) ? null : { key: "validation.invalidCardCvc" });
  }
  if (online && !gateway) errors.paymentMode = { key: "checkout:problems.onlineUnavailable" };
  return { extras, paymentMode, gateway, errors };
}

/** What the form keeps when it is shown again: everything typed, except the card (never echoed back). */
export function keptValues(values: CheckoutValues): Omit<CheckoutValues, (typeof CARD_FIELDS)[number]> {
  const { cardNumber: _number, cardExpiry: _expiry, cardCvc: _cvc, ...kept } = values;
  return kept;
}
