/**
 * The checkout form's one schema (spec §5's rules and wording). Which fields are required depends on the offer and
 * the driver — a visitor gives their details, a signed-in driver only confirms phone and birth date, a second
 * driver's details only when the driver adds one, the sandbox's card fields only for an online payment — so the
 * schema is built for the request (`checkoutSchema(rules)`): every field read leniently, then the request's rules.
 * Each field's rule is person-fields.ts's. The browser gets the fields' constraints only, never the schema.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { encodeFormError, type Message } from "~/domain/form-errors";
import type { FormConstraint } from "~/utils/form-constraints";
import type { Extra, Language, PaymentGateway, PaymentMode } from "~/domain/enums";
import { paysOnline } from "~/models/booking/booking";
import { isValidCardCvc, isValidCardExpiry, isValidCardNumber } from "~/models/payments/card";
import {
  checkBirthDate,
  EMAIL_MAX,
  emailProblem,
  FULL_NAME_MAX,
  fullNameProblem,
  PHONE_MAX,
  phoneProblem,
} from "~/domain/person-fields";
import { withoutControlCharacters } from "~/domain/text";
import { checkFlightNumber, type FlightNeed } from "~/domain/flight";
import {
  ADDITIONAL_DRIVER_POSITIONS,
  additionalDriverFields,
  ALL_ADDITIONAL_DRIVER_FIELDS,
  CARD_FIELDS,
  MAX_ADDITIONAL_DRIVERS,
  type AdditionalDriverFieldNames,
  type AdditionalDriverPosition,
} from "./checkout-fields";
import { EQUIPMENT } from "~/domain/enums";
import { equipmentProblem, isChildSeat, type EquipmentCounts, type EquipmentOffer } from "~/models/pricing/equipment";

export interface CheckoutRules {
  signedIn: boolean;
  /** The driver's minimum age: spec §9's 21, or the car's own when higher. */
  minimumAge: number;
  optionalExtras: readonly Extra[];
  includedExtras: readonly Extra[];
  /** What the supplier lends with the car (decision 033), and the seats child seats may fill (`childSeatPlaces`). */
  equipment: readonly EquipmentOffer[];
  childSeatPlaces: number;
  paymentModes: readonly PaymentMode[];
  gateways: readonly PaymentGateway[];
  /** Those whose card is typed into our own form (the registry's `cardInOurForm`: the sandbox). */
  cardFormGateways: readonly PaymentGateway[];
  /** The page's language: a typed date is read in its order. */
  language: Language;
  /** The flight number field (decision 031): not asked, optional (an airport), required (collected after closing). */
  flight: FlightNeed;
  now: Date;
}

/** The card as people type it: 19 digits with spaces, 'MM/YYYY', 3 or 4 digits. */
const CARD_MAX = { cardNumber: 23, cardExpiry: 7, cardCvc: 4 };
/** A flight number as typed, 'AF 1234' or 'IBE-3201A'. */
const FLIGHT_NUMBER_MAX = 12;
/** A typed birth date: '1990-12-31' or '31/12/1990'. */
const BIRTH_DATE_MAX = 12;

/** A text field; a value over its length is read as not given (the rules then name that field). */
const text = (max: number) => z.string().transform(withoutControlCharacters).pipe(z.string().trim().max(max)).catch("");

const DRIVER_FIELD_MAX = [FULL_NAME_MAX, EMAIL_MAX, PHONE_MAX, BIRTH_DATE_MAX] as const;

/** The n-th additional driver's four fields, each read as text of its length (the staff's forms read them so too). */
export function additionalDriverTexts(position: AdditionalDriverPosition) {
  const [fullName, email, phone, birthDate] = additionalDriverFields(position);
  return {
    [fullName]: text(FULL_NAME_MAX),
    [email]: text(EMAIL_MAX),
    [phone]: text(PHONE_MAX),
    [birthDate]: text(BIRTH_DATE_MAX),
  } as Record<AdditionalDriverFieldNames[number], ReturnType<typeof text>>;
}

/** A field a browser posts once per ticked box: none, one (a string) or several. */
const list = (max: number) =>
  z.preprocess((value) => (value === undefined ? [] : [value].flat()), z.array(z.string().max(40)).max(max)).catch([]);

/** Every field the form posts, read leniently: this never fails, so a quote can price what was chosen so far. */
export const checkoutFields = z.object({
  intent: z.enum(["book", "quote"]).catch("quote"),
  extra: list(12),
  /** Each piece of equipment's count, as its list or tick posts it ('2', '1'); absent: none. */
  ...(Object.fromEntries(EQUIPMENT.map((kind) => [kind, text(3)])) as Record<
    (typeof EQUIPMENT)[number],
    ReturnType<typeof text>
  >),
  paymentMode: text(20),
  gateway: text(20),
  fullName: text(FULL_NAME_MAX),
  email: text(EMAIL_MAX),
  phone: text(PHONE_MAX),
  birthDate: text(BIRTH_DATE_MAX),
  acceptTerms: text(3),
  /** 'on': the driver adds the second driver an offer includes (a paid one is added by ticking its extra). */
  addDriver: text(3),
  /** How many drivers are added (decision 038), '1' to '3'; anything else reads as one. */
  additionalDrivers: text(1),
  ...additionalDriverTexts(1),
  ...additionalDriverTexts(2),
  ...additionalDriverTexts(3),
  flightNumber: text(FLIGHT_NUMBER_MAX),
  cardNumber: text(CARD_MAX.cardNumber),
  cardExpiry: text(CARD_MAX.cardExpiry),
  cardCvc: text(CARD_MAX.cardCvc),
  shownTotal: text(20),
  shownDeposit: text(20),
  shownCurrency: text(3),
  embedded: text(1),
});

export type CheckoutValues = z.output<typeof checkoutFields>;

/**
 * The fields' native constraints, for the browser's own checks and assistive technology: their lengths, and
 * `required` where this driver must fill the field whatever they choose (the page adds it to the second driver's
 * and the card's fields once they are asked for).
 */
export function checkoutConstraint(rules: Pick<CheckoutRules, "signedIn" | "flight">): FormConstraint {
  const visitor = !rules.signedIn;
  return {
    flightNumber: { required: rules.flight === "required", maxLength: FLIGHT_NUMBER_MAX },
    fullName: { required: visitor, maxLength: FULL_NAME_MAX },
    email: { required: visitor, maxLength: EMAIL_MAX },
    acceptTerms: { required: visitor },
    phone: { required: true, maxLength: PHONE_MAX },
    birthDate: { required: true },
    paymentMode: { required: true },
    ...Object.fromEntries(
      ADDITIONAL_DRIVER_POSITIONS.flatMap((position) =>
        additionalDriverFields(position)
          .slice(0, 3)
          .map((field, index) => [field, { maxLength: DRIVER_FIELD_MAX[index] }]),
      ),
    ),
    cardNumber: { maxLength: CARD_MAX.cardNumber },
    cardExpiry: { maxLength: CARD_MAX.cardExpiry },
    cardCvc: { maxLength: CARD_MAX.cardCvc },
  };
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
    return values.addDriver === "on" || ALL_ADDITIONAL_DRIVER_FIELDS.some((field) => values[field] !== "");
  return chosenExtras.includes("additionalDriver");
}

/** How many additional drivers the post asks for (decision 038): 1 to 3, one when the count is missing or odd. */
export function additionalDriverCount(values: Pick<CheckoutValues, "additionalDrivers">): number {
  const count = Number(values.additionalDrivers);
  return Number.isInteger(count) && count >= 1 && count <= MAX_ADDITIONAL_DRIVERS ? count : 1;
}

/**
 * The equipment counts as posted: whole numbers of pieces; `malformed` when one is not (a hand-edited post), read as
 * none. Whether the supplier lends them and the car takes them is `equipmentProblem`'s.
 */
export function postedEquipment(values: Partial<Record<(typeof EQUIPMENT)[number], string>>) {
  const counts: EquipmentCounts = {};
  let malformed = false;
  for (const kind of EQUIPMENT) {
    const posted = values[kind] ?? "";
    if (posted === "" || posted === "0") continue;
    if (/^\d{1,2}$/.test(posted)) counts[kind] = Number(posted);
    else malformed = true;
  }
  return { counts, malformed };
}

/** The equipment problem of a post as the form names it, or null. */
export function equipmentMessage(
  posted: ReturnType<typeof postedEquipment>,
  rules: Pick<CheckoutRules, "equipment" | "childSeatPlaces">,
): Message | null {
  if (posted.malformed) return { key: "checkout:problems.equipmentCount" };
  const problem = equipmentProblem(rules.equipment, posted.counts, rules.childSeatPlaces);
  if (!problem) return null;
  if (problem.kind === "notOffered") return { key: "checkout:problems.equipmentUnavailable" };
  if (!isChildSeat(problem.piece)) return { key: "checkout:problems.equipmentOne" };
  return { key: "checkout:problems.tooManySeats", params: { count: problem.max } };
}

/**
 * The choices (extras, payment option, gateway, the driver's age) as far as they are valid: what a quote prices,
 * even while the driver's details are still incomplete.
 */
export function checkoutChoices(values: CheckoutValues, rules: CheckoutRules) {
  const offered = new Set<string>([...rules.optionalExtras, ...rules.includedExtras]);
  const extras = [...new Set(values.extra.filter((extra): extra is Extra => offered.has(extra)))];
  const paymentMode = rules.paymentModes.find((mode) => mode === values.paymentMode) ?? null;
  const gateway = rules.gateways.find((name) => name === values.gateway) ?? rules.gateways[0] ?? null;
  // The price needs the driver's age (young-driver fees), "Update total" included: read quietly, checked below.
  const typed = checkBirthDate(values.birthDate, { minimumAge: 0, now: rules.now, language: rules.language });
  const posted = postedEquipment(values);
  const equipmentInvalid = equipmentMessage(posted, rules);
  return {
    extras,
    /** The equipment to price: what was posted, or none while the post asks for what cannot be lent. */
    equipment: equipmentInvalid ? {} : posted.counts,
    equipmentInvalid,
    /** An extra the supplier does not sell was posted (by hand): refused, never priced. */
    unofferedExtra: values.extra.some((extra) => !offered.has(extra)),
    paymentMode,
    gateway,
    secondDriver: addsSecondDriver(values, extras, rules),
    /** How many additional drivers are priced and asked for: 0 without one. */
    additionalDrivers: addsSecondDriver(values, extras, rules) ? additionalDriverCount(values) : 0,
    priceBirthDate: typed.ok ? typed.date : null,
  };
}

/** What a valid "Book" post orders: the choices, with the payment option and the birth dates known. */
export interface CheckoutOrder {
  values: CheckoutValues;
  extras: Extra[];
  equipment: EquipmentCounts;
  paymentMode: PaymentMode;
  gateway: PaymentGateway | null;
  /** The birth dates as checked (typed dates read in the page's order), each additional driver's in order. */
  birthDates: { driver: string; additionalDrivers: string[] };
  /** The arriving flight as 'AF 1234', when given at an airport (decision 031). */
  flightNumber: string | null;
}

/** Every problem by field name (the first one each), and the order when there is none and the post books. */
function checkCheckout(values: CheckoutValues, rules: CheckoutRules) {
  const problems: Record<string, Message> = {};
  const set = (field: string, problem: Message | null) => {
    if (problem) problems[field] ??= problem;
  };
  const choices = checkoutChoices(values, rules);
  const { paymentMode, gateway, additionalDrivers } = choices;
  if (choices.unofferedExtra) set("extras", { key: "checkout:problems.extraUnavailable" });
  set("equipment", choices.equipmentInvalid);
  if (!paymentMode) set("paymentMode", { key: "checkout:problems.choosePayment" });
  if (values.intent === "quote") return { problems, order: null };

  const birthDateOf = (field: "birthDate" | AdditionalDriverFieldNames[3]) => {
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
  const driver = birthDateOf("birthDate");
  const additionalBirthDates: string[] = [];
  for (const position of ADDITIONAL_DRIVER_POSITIONS) {
    const [fullName, email, phone, birthDate] = additionalDriverFields(position);
    if (position <= additionalDrivers) {
      // Each added driver meets the same rules as the driver: the car's minimum age included.
      set(fullName, fullNameProblem(values[fullName]));
      set(email, emailProblem(values[email]));
      set(phone, phoneProblem(values[phone]));
      const date = birthDateOf(birthDate);
      if (date) additionalBirthDates.push(date);
    } else if ([fullName, email, phone, birthDate].some((field) => values[field] !== "")) {
      // Details typed without ticking the paid option, or past the count: neither charged nor dropped silently.
      set(
        fullName,
        additionalDrivers === 0
          ? { key: "checkout:problems.additionalDriverNotChosen" }
          : { key: "checkout:problems.additionalDriverBeyondCount", params: { count: additionalDrivers } },
      );
    }
  }
  const { flightNumber, problem: flightProblem } = checkFlightNumber(values.flightNumber, rules.flight);
  if (flightProblem) set("flightNumber", { key: flightProblem });
  const online = paymentMode !== null && paysOnline(paymentMode);
  if (online && gateway && rules.cardFormGateways.includes(gateway)) {
    set("cardNumber", isValidCardNumber(values.cardNumber) ? null : { key: "validation.invalidCardNumber" });
    set("cardExpiry", isValidCardExpiry(values.cardExpiry, rules.now) ? null : { key: "validation.invalidCardExpiry" });
    set("cardCvc", isValidCardCvc(values.cardCvc) ? null : { key: "validation.invalidCardCvc" });
  }
  if (online && !gateway) problems.paymentMode = { key: "checkout:problems.onlineUnavailable" };
  const order: CheckoutOrder | null =
    paymentMode && driver && Object.keys(problems).length === 0
      ? {
          values,
          extras: choices.extras,
          equipment: choices.equipment,
          paymentMode,
          gateway,
          birthDates: { driver, additionalDrivers: additionalBirthDates },
          flightNumber,
        }
      : null;
  return { problems, order };
}

/**
 * The form's schema for this offer and driver: the fields, then the request's rules, each problem on its field.
 * A valid post gives the order to place (null for a quote, which orders nothing).
 */
export function checkoutSchema(rules: CheckoutRules) {
  return checkoutFields.transform((values, ctx): CheckoutOrder | null => {
    const { problems, order } = checkCheckout(values, rules);
    for (const [field, problem] of Object.entries(problems))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [field],
        message: encodeFormError(problem.key, problem.params),
      });
    return Object.keys(problems).length ? z.NEVER : order;
  });
}

/** A post read by the schema (its problems go back through Conform's reply) and its choices, valid or not. */
export function readCheckoutForm(formData: FormData, rules: CheckoutRules) {
  const submission = parseWithZod(formData, { schema: checkoutSchema(rules) });
  const values = checkoutFields.parse(submission.payload);
  return { submission, values, choices: checkoutChoices(values, rules) };
}

type CheckoutSubmission = ReturnType<typeof readCheckoutForm>["submission"];

/**
 * The form's answer for the form kit: what was typed (never the card), the schema's problems, and `more` found after
 * it (the licence, a moved price, the booking's own), the form's own under "".
 */
export function checkoutReply(submission: CheckoutSubmission, more: Record<string, Message> = {}) {
  const hideFields = [...CARD_FIELDS];
  // Conform counts any `formErrors`/`fieldErrors` option, even empty, as an error: a clean post passes none.
  if (Object.keys(more).length === 0) return submission.reply({ hideFields });
  const encoded = (problem: Message) => [encodeFormError(problem.key, problem.params)];
  const { "": formError, ...fields } = more;
  return submission.reply({
    hideFields,
    formErrors: formError ? encoded(formError) : undefined,
    fieldErrors: Object.fromEntries(Object.entries(fields).map(([field, problem]) => [field, encoded(problem)])),
  });
}
