/**
 * The place form (decision 027): a place's code, country, parent, names in the three languages, position, time zone
 * and rental desk (kind, address, phone, weekly hours with closed days and split hours) and its parking spots. One zod
 * schema; hours become the `WeeklyHours` the desk-hours rule reads (decision 024). Pure: no I/O.
 */
import { z } from "zod";
import { DESK_KINDS } from "~/domain/enums";
import { encodeFormError } from "~/domain/form-errors";
import { PHONE_PATTERN } from "~/domain/person-fields";
import type { DayHours, WeeklyHours } from "~/domain/pickup-desk";
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters, optionalTextField } from "~/domain/text";

export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const PLACE_NAME_MAX = 120;
export const MAX_PARKING_SPOTS = 20;
export const EMPTY_PARKING_ROWS = 1;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const REQUIRED = "validation.required";

/** Every IANA zone this runtime knows (the place's clocks), UTC included. */
export const TIME_ZONES: readonly string[] = (() => {
  const zones =
    (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  return zones.includes("UTC") ? zones : [...zones, "UTC"];
})();

const text = (max: number) =>
  z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(max, encodeFormError("validation.tooLong", { max }))
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE);

/** A coordinate typed with a dot or a comma, between -limit and limit. */
const coordinate = (limit: number) =>
  z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((value, context) => {
      const number = Number(value.replace(",", "."));
      if (!/^-?\d{1,3}([.,]\d{1,8})?$/.test(value) || Math.abs(number) > limit) {
        context.addIssue({ code: "custom", message: encodeFormError("manage:validation.coordinate", { limit }) });
        return z.NEVER;
      }
      return number;
    });

const checkbox = z
  .string()
  .max(5)
  .optional()
  .transform((value) => value === "on");

const time = z.string().trim().max(5).optional();
type WeekDay = (typeof WEEK_DAYS)[number];
/** The four times a desk's day may have (split hours: it closes at noon and opens again). */
const HOURS_PARTS = ["Opens", "Closes", "Reopens", "ClosesAgain"] as const;
type HoursPart = (typeof HOURS_PARTS)[number];
const dayFields = Object.fromEntries(
  WEEK_DAYS.flatMap((day) => [
    [`day${day}Closed`, checkbox],
    ...HOURS_PARTS.map((part) => [`day${day}${part}`, time] as const),
  ]),
) as Record<`day${WeekDay}Closed`, typeof checkbox> & Record<`day${WeekDay}${HoursPart}`, typeof time>;

const parkingRow = z.object({
  nameEn: z.string().trim().max(PLACE_NAME_MAX).optional(),
  nameFr: z.string().trim().max(PLACE_NAME_MAX).optional(),
  nameEs: z.string().trim().max(PLACE_NAME_MAX).optional(),
  latitude: z.string().trim().max(20).optional(),
  longitude: z.string().trim().max(20).optional(),
});

/**
 * A desk's part of the form: kind, address, phone and the week's hours. A supplier that runs the place's desk edits
 * exactly these (decision 048); the admin's place form holds them beside the place's own fields.
 */
const deskFields = z.object({
  deskKind: z
    .union([z.enum(DESK_KINDS), z.literal("")])
    .optional()
    .transform((kind) => kind || null),
  address: optionalTextField(200),
  phone: optionalTextField(40).refine(
    (phone) => phone === null || PHONE_PATTERN.test(phone),
    "validation.invalidPhone",
  ),
  /** Whether the desk's hours are on record; without them any time is taken (decision 024). */
  hasHours: checkbox,
  ...dayFields,
});

const placeFields = deskFields.extend({
  slug: z
    .string({ required_error: REQUIRED })
    .trim()
    .toLowerCase()
    .min(1, REQUIRED)
    .max(80, encodeFormError("validation.tooLong", { max: 80 }))
    .regex(SLUG, "manage:validation.slug"),
  countryId: z.string({ required_error: REQUIRED }).uuid(REQUIRED),
  /** The parent place's code (a city for its airport); empty: none. */
  parent: z.string().trim().toLowerCase().max(80).optional(),
  nameEn: text(PLACE_NAME_MAX),
  nameFr: text(PLACE_NAME_MAX),
  nameEs: text(PLACE_NAME_MAX),
  latitude: coordinate(90),
  longitude: coordinate(180),
  timeZone: z
    .string({ required_error: REQUIRED })
    .refine((zone) => TIME_ZONES.includes(zone), "manage:validation.timeZone"),
  /** An airport: drivers collecting here may give their flight number (decision 031). */
  airport: checkbox,
  /** The supplier that runs the desk (decision 048); empty: the platform keeps it. */
  deskSupplierId: z
    .union([z.string().uuid("manage:validation.deskSupplierUnknown"), z.literal("")])
    .optional()
    .transform((id) => id || null),
  parking: z
    .array(parkingRow)
    .max(MAX_PARKING_SPOTS + 10)
    .optional(),
});

/** The week's hours as typed, checked day by day beside the fields (every problem shown at once). */
const hoursRules = z
  .record(z.unknown())
  .superRefine((form, context) => {
    const typed = (name: string) => (typeof form[name] === "string" ? (form[name] as string).trim() : "");
    if (form.hasHours !== "on") return;
    for (const day of WEEK_DAYS) {
      if (form[`day${day}Closed`] === "on") continue;
      const [opens, closes, reopens, closesAgain] = HOURS_PARTS.map((part) => typed(`day${day}${part}`)) as [
        string,
        string,
        string,
        string,
      ];
      const issue = (part: string, message: string) =>
        context.addIssue({ code: "custom", path: [`day${day}${part}`], message });
      if (!TIME.test(opens)) issue("Opens", "manage:validation.time");
      if (!TIME.test(closes)) issue("Closes", "manage:validation.time");
      else if (TIME.test(opens) && closes <= opens) issue("Closes", "manage:validation.timeOrder");
      if (reopens || closesAgain) {
        if (!TIME.test(reopens)) issue("Reopens", "manage:validation.time");
        else if (TIME.test(closes) && reopens <= closes) issue("Reopens", "manage:validation.timeOrder");
        if (!TIME.test(closesAgain)) issue("ClosesAgain", "manage:validation.time");
        else if (TIME.test(reopens) && closesAgain <= reopens) issue("ClosesAgain", "manage:validation.timeOrder");
      }
    }
    const rows = Array.isArray(form.parking) ? (form.parking as Array<Record<string, unknown>>) : [];
    rows.forEach((row, index) => {
      const filled = ["nameEn", "nameFr", "nameEs", "latitude", "longitude"].filter(
        (part) => typeof row?.[part] === "string" && (row[part] as string).trim(),
      );
      if (filled.length === 0) return;
      for (const part of ["nameEn", "nameFr", "nameEs"])
        if (!filled.includes(part))
          context.addIssue({ code: "custom", path: [`parking[${index}].${part}`], message: REQUIRED });
      for (const [part, limit] of [
        ["latitude", 90],
        ["longitude", 180],
      ] as const) {
        const value = typeof row?.[part] === "string" ? (row[part] as string).trim() : "";
        const number = Number(value.replace(",", "."));
        if (!/^-?\d{1,3}([.,]\d{1,8})?$/.test(value) || Math.abs(number) > limit)
          context.addIssue({
            code: "custom",
            path: [`parking[${index}].${part}`],
            message: encodeFormError("manage:validation.coordinate", { limit }),
          });
      }
    });
  })
  .transform(() => ({}));

export const placeFormSchema = z.intersection(placeFields, hoursRules);
/** The fields alone, for the form's native constraints. */
export const placeFieldsSchema = placeFields;
export type PlaceFormValue = z.output<typeof placeFormSchema>;
/** The place form's fields as the page shows them. */
export type PlaceEditorFields = z.input<typeof placeFields>;

/** A supplier's desk form (decision 048): the desk's part alone, with the same rules for its hours. */
export const deskFormSchema = z.intersection(deskFields, hoursRules);
export const deskFieldsSchema = deskFields;
export type DeskFormValue = z.output<typeof deskFormSchema>;
export type DeskEditorFields = z.input<typeof deskFields>;

/** The week the form describes, or null when the desk's hours are not on record. */
export function weeklyHoursOf(form: DeskFormValue): WeeklyHours | null {
  if (!form.hasHours) return null;
  const value = form as unknown as Record<string, string | boolean | undefined>;
  return WEEK_DAYS.map((day): DayHours => {
    if (value[`day${day}Closed`]) return null;
    const part = (name: string) => String(value[`day${day}${name}`] ?? "").trim();
    return part("Reopens")
      ? [part("Opens"), part("Closes"), part("Reopens"), part("ClosesAgain")]
      : [part("Opens"), part("Closes")];
  });
}

/** The filled parking rows (the form's rules refused a row filled in part: each of these has every field). */
export function parkingRowsOf(form: PlaceFormValue) {
  return (form.parking ?? [])
    .filter((row) => row.nameEn || row.nameFr || row.nameEs || row.latitude || row.longitude)
    .map(({ nameEn = "", nameFr = "", nameEs = "", latitude = "", longitude = "" }) => ({
      nameEn,
      nameFr,
      nameEs,
      latitude: Number(latitude.replace(",", ".")),
      longitude: Number(longitude.replace(",", ".")),
    }));
}

/** What the form shows for a week of hours (the other way round from `weeklyHoursOf`). */
export function hoursDefaults(hours: WeeklyHours | null): Record<string, string | undefined> {
  const fields: Record<string, string | undefined> = { hasHours: hours ? "on" : undefined };
  for (const day of WEEK_DAYS) {
    const spans = hours?.[day];
    fields[`day${day}Closed`] = hours && !spans ? "on" : undefined;
    fields[`day${day}Opens`] = spans?.[0] ?? "";
    fields[`day${day}Closes`] = spans?.[1] ?? "";
    fields[`day${day}Reopens`] = spans?.[2] ?? "";
    fields[`day${day}ClosesAgain`] = spans?.[3] ?? "";
  }
  return fields;
}
