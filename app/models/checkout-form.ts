/**
 * The checkout form, read leniently and then checked against the offer's and the driver's rules (server side: the
 * browser checks the same rules through native constraints, so no schema ships to it). Which fields are required
 * depends on the offer and the driver — a visitor gives their details, a signed-in driver only confirms phone and
 * birth date, a second driver's details only when the driver adds one, the sandbox's card fields only for an online
 * payment. Each field's rule is person-fields.ts's. Messages are translation keys with parameters (spec §5's wording).
 */
import { z } from "zod";
import type { Message } from "~/utils/form-errors";
import type { Extra, Language, PaymentGateway, PaymentMode } from "./enums";
import { paysOnline } from "./booking";
import { isValidCardCvc, isValidCardExpiry, isValidCardNumber } from "./card";
import { checkBirthDate, emailProblem, fullNameProblem, phoneProblem } from "./person-fields";
import { withoutControlCharacters } from "./text";
import { ADDITIONAL_DRIVER_FIELDS, type CARD_FIELDS } from "./checkout-fields";

export type FieldMessage = Message;

export interface CheckoutRules {
  signedIn: boolean;
  /** The driver's minimum age: spec §9's 21, or the car's own when higher. */
  minimumAge: number;
  optionalExtras: readonly Extra[];
  includedExtras: readonly Extra[];
  paymentModes: readonly PaymentMode[];
  gateways: readonly PaymentGateway[];
  /** The page's language: a typed date is read in its order. */
  language: Language;
  now: Date;
}

const text = (max: number) =>
  z.string().transform(withoutControlCharacters).pipe(z.string().trim().max(max)).optional().default("");

/** What the form posts, read leniently (every field a string, extras a list) before the rules are applied. */
const rawCheckout = z.object({
  intent: z.enum(["book", "quote"]).catch("quote"),
  extra: z.array(z.string().max(40)).max(12).default([]),
  paymentMode: text(20),
  gateway: text(20),
  fullName: text(120),
  email: text(254),
  phone: text(40),
  birthDate: text(12),
  acceptTerms: text(3),
  /** 'on': the driver adds the second driver an offer includes (a paid one is added by ticking its extra). */
  addDriver: text(3),
  additionalFullName: text(120),
  additionalEmail: text(254),
  additionalPhone: text(40),
  additionalBirthDate: text(12),
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
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(rawCheckout.shape) as Array<[string, z.ZodTypeAny]>) {
    const raw = key === "extra" ? formData.getAll(key).map(String) : formData.get(key);
    const parsed = field.safeParse(raw instanceof File || raw === null ? undefined : raw);
    // A value over its length is treated as not given (the rules then name that field); the others are kept.
    values[key] = parsed.success ? parsed.data : field.parse(undefined);
  }
  return values as CheckoutValues;
}

/**
 * Whether the driver adds a second driver: by ticking the paid extra, or, where the offer includes one, by ticking
 * 'add a second driver' or giving their details (without JavaScript the fields show beside the choice). Nobody has
 * to name a second driver they do not have.
 */
export function addsSecondDriver(
  values: CheckoutValues,
  chosenExtras: readonly Extra[],
  rules: Pick<CheckoutRules, "includedExtras">,
): boolean {
  if (rules.includedExtras.includes("additionalDriver"))
    return values.addDriver === "on" || ADDITIONAL_DRIVER_FIELDS.some((field) => values[field] !== "");
  return chosenExtras.includes("additionalDriver");
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
  const secondDriver = addsSecondDriver(values, extras, rules);

  const paymentMode = (rules.paymentModes as readonly string[]).includes(values.paymentMode)
    ? (values.paymentMode as PaymentMode)
    : null;
  if (!paymentMode) errors.paymentMode = { key: "checkout:problems.choosePayment" };
  const gateway = (rules.gateways as readonly string[]).includes(values.gateway)
    ? (values.gateway as PaymentGateway)
    : (rules.gateways[0] ?? null);
  const online = paymentMode !== null && paysOnline(paymentMode);
  // The price needs the driver's age (young-driver fees), "Update total" included: read quietly, checked below.
  const typed = checkBirthDate(values.birthDate, { minimumAge: 0, now: rules.now, language: rules.language });
  const priceBirthDate = typed.ok ? typed.date : null;
  if (values.intent === "quote")
    return { extras, paymentMode, gateway, secondDriver, errors, birthDates: null, priceBirthDate };

  const set = (field: string, problem: FieldMessage | null) => {
    if (problem) errors[field] ??= problem;
  };
  const birthDateOf = (field: "birthDate" | "additionalBirthDate") => {
    const checked = checkBirthDate(values[field], {
      minimumAge: rules.minimumAge,
      now: rules.now,
      language: rules.language,
    });
    set(field, checked.ok ? null : checked.problem);
    return checked.ok ? checked.date : null;
  };
  if (!rules.signedIn) {
    set("fullName", fullNameProblem(values.fullName));
    set("email", emailProblem(values.email));
    set("acceptTerms", values.acceptTerms === "on" ? null : { key: "validation.acceptTerms" });
  }
  set("phone", phoneProblem(values.phone));
  const birthDates = { driver: birthDateOf("birthDate"), additionalDriver: null as string | null };
  if (secondDriver) {
    // The second driver meets the same rules as the driver: the car's minimum age included.
    set("additionalFullName", fullNameProblem(values.additionalFullName));
    set("additionalEmail", emailProblem(values.additionalEmail));
    set("additionalPhone", phoneProblem(values.additionalPhone));
    birthDates.additionalDriver = birthDateOf("additionalBirthDate");
  } else if (ADDITIONAL_DRIVER_FIELDS.some((field) => values[field] !== "")) {
    // Details typed without ticking the paid option: neither charged silently nor dropped silently.
    set("additionalFullName", { key: "checkout:problems.additionalDriverNotChosen" });
  }
  if (online && gateway === "sandbox") {
    set("cardNumber", isValidCardNumber(values.cardNumber) ? null : { key: "validation.invalidCardNumber" });
    set("cardExpiry", isValidCardExpiry(values.cardExpiry, rules.now) ? null : { key: "validation.invalidCardExpiry" });
    set("cardCvc", isValidCardCvc(values.cardCvc) ? null : { key: "validation.invalidCardCvc" });
  }
  if (online && !gateway) errors.paymentMode = { key: "checkout:problems.onlineUnavailable" };
  return { extras, paymentMode, gateway, secondDriver, errors, birthDates, priceBirthDate };
}

/** What the form keeps when it is shown again: everything typed, except the card (never echoed back). */
export function keptValues(values: CheckoutValues): Omit<CheckoutValues, (typeof CARD_FIELDS)[number]> {
  const { cardNumber: _number, cardExpiry: _expiry, cardCvc: _cvc, ...kept } = values;
  return kept;
}
