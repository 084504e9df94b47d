/**
 * A supplier's settings form (decision 027): its rules for drivers (pay later, licence, minimum days), its tax and
 * fees (decision 025), and, for an admin only, the platform's markup and the results cap. One zod schema; the
 * percentages are typed as people write them (19.6) and stored in basis points. Pure: no I/O.
 */
import { MAX_FLIGHT_GRACE_MINUTES } from "~/domain/flight";
import { z } from "zod";
import { wholeNumberField as wholeNumber } from "~/domain/number-fields";
import { encodeFormError } from "~/domain/form-errors";
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters, optionalTextField } from "~/domain/text";
import { amountText, parseAmount } from "~/models/fleet/car-form";
import { EQUIPMENT, EQUIPMENT_CHARGES, type Equipment, type EquipmentCharge } from "~/domain/enums";
import { MAX_EQUIPMENT_PRICE, type EquipmentOffer } from "~/models/pricing/equipment";

const REQUIRED = "validation.required";
const checkbox = z
  .string()
  .max(5)
  .optional()
  .transform((value) => value === "on");

/** "19.6" or "19,6" → 1960 basis points, between `min` and `max` percent; null when not such a number. */
export function parsePercent(value: string, min: number, max: number): number | null {
  const text = value.trim().replace(",", ".");
  if (!/^-?\d{1,4}(\.\d{1,2})?$/.test(text)) return null;
  const basisPoints = Math.round(Number(text) * 100);
  return basisPoints >= min * 100 && basisPoints <= max * 100 ? basisPoints : null;
}

export const percentText = (basisPoints: number) => String(basisPoints / 100);

const percent = (min: number, max: number) =>
  z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((value, context) => {
      const basisPoints = parsePercent(value, min, max);
      if (basisPoints === null) {
        context.addIssue({ code: "custom", message: encodeFormError("manage:validation.percent", { min, max }) });
        return z.NEVER;
      }
      return basisPoints;
    });

const fee = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return 0;
    const cents = parseAmount(value);
    if (cents === null || cents > 100_000_00) {
      context.addIssue({ code: "custom", message: encodeFormError("manage:validation.amount", { max: 100_000 }) });
      return z.NEVER;
    }
    return cents;
  });

/** An equipment price or cap as typed: empty (none), or an amount up to MAX_EQUIPMENT_PRICE cents (0: lent free). */
const equipmentAmount = z
  .string()
  .trim()
  .max(12)
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const cents = parseAmount(value);
    if (cents === null || cents > MAX_EQUIPMENT_PRICE) {
      context.addIssue({
        code: "custom",
        message: encodeFormError("manage:validation.amount", { max: MAX_EQUIPMENT_PRICE / 100 }),
      });
      return z.NEVER;
    }
    return cents;
  });

/** How a piece is charged: anything but a known way (a form from an older page) is per day, the usual way. */
const equipmentCharge = z
  .string()
  .optional()
  .transform((value): EquipmentCharge => EQUIPMENT_CHARGES.find((charge) => charge === value) ?? "perDay");

/**
 * Each piece of equipment's three fields (decision 033): `<piece>Price` (empty: not lent), `<piece>Charge` (per day
 * or per rental) and `<piece>Cap` (per day only: at most this per piece and rental).
 */
const equipmentFields = Object.fromEntries(
  EQUIPMENT.flatMap((kind) => [
    [`${kind}Price`, equipmentAmount],
    [`${kind}Charge`, equipmentCharge],
    [`${kind}Cap`, equipmentAmount],
  ]),
) as Record<`${Equipment}Price` | `${Equipment}Cap`, typeof equipmentAmount> &
  Record<`${Equipment}Charge`, typeof equipmentCharge>;

export const supplierFormSchema = z.object({
  name: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(120, encodeFormError("validation.tooLong", { max: 120 }))
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE),
  payLater: checkbox,
  licenseRequired: checkbox,
  minimumRentalDays: wholeNumber(1, 90),
  /** The fewest hours a rental billed by the hour is charged (decision 037). */
  hourlyMinimumHours: wholeNumber(1, 12),
  taxRate: percent(0, 50),
  taxIncluded: checkbox,
  /** What its invoices say of it (decision 049); a tax id makes its documents invoices rather than receipts. */
  legalName: optionalTextField(160),
  legalAddress: optionalTextField(300),
  taxId: optionalTextField(40),
  oneWayFee: fee,
  /** Drivers younger than this pay the young-driver fee; empty: no such fee. */
  youngDriverAge: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      if (!/^\d{2}$/.test(value) || Number(value) < 19 || Number(value) > 35) {
        context.addIssue({
          code: "custom",
          message: encodeFormError("manage:validation.wholeNumber", { min: 19, max: 35 }),
        });
        return z.NEVER;
      }
      return Number(value);
    }),
  youngDriverDailyFee: fee,
  /** Late flights (decision 031): minutes the desk waits past the pick-up time, and hand-overs after closing. */
  flightGraceMinutes: wholeNumber(0, MAX_FLIGHT_GRACE_MINUTES),
  afterHoursForFlights: checkbox,
  /** It rents a category, not a model: its cars read "or similar" (decision 032). */
  rentsByCategory: checkbox,
  /** The admin's alone: the platform's markup on this supplier's prices, and how many of its cars a search shows. */
  markup: z.string().trim().max(10).optional(),
  maxCarsPerSearch: z.string().trim().max(6).optional(),
  ...equipmentFields,
});
export type SupplierFormValue = z.output<typeof supplierFormSchema>;
export type SupplierFormInput = z.input<typeof supplierFormSchema>;

/** The admin-only fields, read when the one saving is an admin; null when a value is not valid. */
export function adminFields(form: SupplierFormValue) {
  const markup = form.markup ? parsePercent(form.markup, -99.99, 1000) : 0;
  const cap = form.maxCarsPerSearch
    ? /^\d{1,6}$/.test(form.maxCarsPerSearch) && Number(form.maxCarsPerSearch) >= 1
      ? Number(form.maxCarsPerSearch)
      : null
    : undefined;
  return {
    markupBasisPoints: markup,
    maxCarsPerSearch: cap,
  };
}

export const NEW_SUPPLIER_SCHEMA = z.object({
  name: supplierFormSchema.shape.name,
  email: z
    .string({ required_error: REQUIRED })
    .trim()
    .toLowerCase()
    .max(254, "validation.invalidEmail")
    .email("validation.invalidEmail"),
  slug: z
    .string({ required_error: REQUIRED })
    .trim()
    .toLowerCase()
    .min(2, REQUIRED)
    .max(60, encodeFormError("validation.tooLong", { max: 60 }))
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "manage:validation.slug"),
});
export type NewSupplierInput = z.input<typeof NEW_SUPPLIER_SCHEMA>;

/**
 * The equipment the form lends (a price given), or the field whose cap is wrong: a cap belongs to a daily price, and
 * is at least one day's price.
 */
export function equipmentOffersOf(
  form: SupplierFormValue,
): { ok: true; offers: EquipmentOffer[] } | { ok: false; field: string; message: string } {
  const offers: EquipmentOffer[] = [];
  for (const kind of EQUIPMENT) {
    const price = form[`${kind}Price`];
    const charge = form[`${kind}Charge`];
    const cap = form[`${kind}Cap`];
    if (price === null) {
      if (cap !== null) return { ok: false, field: `${kind}Price`, message: "manage:validation.equipmentPriceMissing" };
      continue;
    }
    if (cap !== null && (charge !== "perDay" || cap < price))
      return { ok: false, field: `${kind}Cap`, message: "manage:validation.equipmentCap" };
    offers.push({ kind, charge, price, cap });
  }
  return { ok: true, offers };
}

/** An equipment offer as the audit trail and the form name it: "8 perDay ≤ 56", or "" when not lent. */
export const equipmentOfferText = (offer: EquipmentOffer | undefined) =>
  offer
    ? [amountText(offer.price), offer.charge, offer.cap === null ? "" : `≤ ${amountText(offer.cap)}`].join(" ").trim()
    : "";

/** The form's equipment fields for what the supplier lends now. */
export function equipmentDefaults(offers: readonly EquipmentOffer[]) {
  return Object.fromEntries(
    EQUIPMENT.flatMap((kind) => {
      const offer = offers.find((candidate) => candidate.kind === kind);
      return [
        [`${kind}Price`, offer ? amountText(offer.price) : ""],
        [`${kind}Charge`, offer?.charge ?? "perDay"],
        [`${kind}Cap`, offer?.cap == null ? "" : amountText(offer.cap)],
      ];
    }),
  );
}

/** What the form shows for stored settings. */
export function supplierDefaults(settings: {
  name: string;
  payLater: boolean;
  licenseRequired: boolean;
  minimumRentalDays: number;
  hourlyMinimumHours: number;
  taxRateBasisPoints: number;
  taxIncluded: boolean;
  legalName: string | null;
  legalAddress: string | null;
  taxId: string | null;
  oneWayFee: number;
  youngDriverAge: number | null;
  youngDriverDailyFee: number;
  markupBasisPoints: number;
  maxCarsPerSearch: number | null;
  flightGraceMinutes: number;
  afterHoursForFlights: boolean;
  rentsByCategory: boolean;
}) {
  return {
    name: settings.name,
    payLater: settings.payLater ? "on" : undefined,
    licenseRequired: settings.licenseRequired ? "on" : undefined,
    minimumRentalDays: String(settings.minimumRentalDays),
    hourlyMinimumHours: String(settings.hourlyMinimumHours),
    taxRate: percentText(settings.taxRateBasisPoints),
    taxIncluded: settings.taxIncluded ? "on" : undefined,
    legalName: settings.legalName ?? "",
    legalAddress: settings.legalAddress ?? "",
    taxId: settings.taxId ?? "",
    oneWayFee: amountText(settings.oneWayFee),
    youngDriverAge: settings.youngDriverAge === null ? "" : String(settings.youngDriverAge),
    youngDriverDailyFee: amountText(settings.youngDriverDailyFee),
    flightGraceMinutes: String(settings.flightGraceMinutes),
    afterHoursForFlights: settings.afterHoursForFlights ? "on" : undefined,
    rentsByCategory: settings.rentsByCategory ? "on" : undefined,
    markup: percentText(settings.markupBasisPoints),
    maxCarsPerSearch: settings.maxCarsPerSearch === null ? "" : String(settings.maxCarsPerSearch),
  };
}

/** The suppliers' list shows this many a page. */
export const SUPPLIERS_PAGE_SIZE = 30;
